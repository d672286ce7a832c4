import type { Battle, Challenge } from '@versus/domain/battles/battle';
import { apiRequest } from '../../lib/api';
import { db } from '../../lib/firebase';
import { useLiveDocument } from '../../lib/use-live-document';
import { useLiveQuery } from '../../lib/use-live-query';
import {
  activeBattlesQuery,
  battleDoc,
  challengeDoc,
  disputedBattlesQuery,
  myBattlesQuery,
  pendingChallengesQuery,
} from './queries';

// ——— commands (docs/api.md) ———

export interface ChallengeForm {
  /** Issue #22: both players must have linked their game account (League of Legends, Dota 2). */
  verifiedOnly?: boolean;
  opponent: string;
  game: string;
  entryFee: number;
  terms: boolean;
}

export const sendChallenge = (form: ChallengeForm, idempotencyKey?: string) =>
  apiRequest<Challenge>('/battles/challenge', { body: form, idempotencyKey });
export const acceptChallenge = (id: string, idempotencyKey?: string) =>
  apiRequest<Battle>(`/battles/challenges/${id}/accept`, { method: 'POST', idempotencyKey });
export const declineChallenge = (id: string) => apiRequest(`/battles/challenges/${id}/decline`, { method: 'POST' });
export const withdrawChallenge = (id: string) => apiRequest(`/battles/challenges/${id}/withdraw`, { method: 'POST' });
/** POST /battles/{id}/checkGame (issue #22): ask the game for the result now. */
export const checkGame = (battleId: string) =>
  apiRequest<{
    found: boolean;
    reason?: 'not-verified' | 'not-linked' | 'no-game' | 'unavailable' | 'over';
    battle: Battle;
  }>(`/battles/${battleId}/checkGame`, { method: 'POST' });
export const submitWinner = (battleId: string, winner: string) =>
  apiRequest<Battle>(`/battles/${battleId}/submitWinner`, { body: { winner } });
export const confirmResult = (battleId: string, idempotencyKey?: string) =>
  apiRequest<Battle>(`/battles/${battleId}/confirm`, { method: 'POST', idempotencyKey });
export { uploadProof } from '../../lib/uploads';
export const disputeResult = (battleId: string, story: string, proof: string) =>
  apiRequest<Battle>(`/battles/${battleId}/dispute`, { body: { story, proof } });
export const decideBattle = (battleId: string, winner: string, reasoning: string) =>
  apiRequest<Battle>(`/admin/battles/${battleId}/decide`, { body: { winner, reasoning } });
export const cancelBattle = (battleId: string, reasoning: string) =>
  apiRequest<Battle>(`/admin/battles/${battleId}/cancel`, { body: { reasoning } });
export const setCampaignPrize = (month: string, prize: string) =>
  apiRequest(`/admin/campaigns/${month}`, { method: 'PUT', body: { prize } });
export const drawCampaign = (month: string) => apiRequest(`/admin/campaigns/${month}/draw`, { method: 'POST' });

// ——— live reads ———

export const useChallenge = (id: string | undefined) => useLiveDocument<Challenge>(id ? challengeDoc(db, id) : null);
export const useBattle = (id: string | undefined) => useLiveDocument<Battle>(id ? battleDoc(db, id) : null);

/** My pending challenges, sent and received; the caller hides the expired ones as their time passes. */
export const usePendingChallenges = (uid: string | undefined) =>
  useLiveQuery<Challenge>(uid ? `pending-challenges:${uid}` : null, () => pendingChallengesQuery(db, uid!));

/** My battles, newest first: the latest results. */
export const useMyBattles = (uid: string | undefined, count = 20) =>
  useLiveQuery<Battle>(uid ? `my-battles:${uid}:${count}` : null, () => myBattlesQuery(db, uid!, count));

/**
 * My battles still played or disputed, however many ended since (the banners' query, which the SDK
 * shares): the newest 20 left out one that 20 later battles had passed, its coins held (walk AJ).
 */
export const useActiveBattles = (uid: string | undefined) =>
  useLiveQuery<Battle>(uid ? `active-battles:${uid}` : null, () => activeBattlesQuery(db, uid!));

/** Platform admins: every battle in dispute, oldest first. */
export const useDisputedBattles = () => useLiveQuery<Battle>('disputed-battles', () => disputedBattlesQuery(db));
