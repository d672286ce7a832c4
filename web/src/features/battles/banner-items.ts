import { useEffect, useState } from 'react';
import {
  BATTLE_COUNTDOWN_TICK_MS,
  battleDeadline,
  battleStage,
  challengeIsActive,
  opponentOf,
  type Battle,
  type Challenge,
} from '@versus/domain/battles/battle';
import { emptied } from '../../lib/emptied';
import { subscribeWithQueries } from '../../lib/firebase-lazy';

/** SPEC §2 banners: battle challenged, and the three battle submit-scores kinds. */
export interface BattleBannerItem {
  kind: 'challenged' | 'submit' | 'opponent-submitted' | 'opponent-disputed';
  /** The challenge id for "challenged", else the battle id. */
  id: string;
  opponent: string;
  until: number;
}

/**
 * The signed-in player's pending challenges and battles, read live in the always-loaded shell
 * (hence the lazy SDK); re-evaluated every 500 ms so expired ones drop out on time (SPEC §4).
 * `ready` once both lists have answered for this player.
 */
export function useBattleBannerItems(uid: string | undefined): { items: BattleBannerItem[]; ready: boolean } {
  const [challenges, setChallenges] = useState<Challenge[]>([]);
  const [battles, setBattles] = useState<Battle[]>([]);
  const [heard, setHeard] = useState<{ challenges?: string; battles?: string }>({});
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!uid) {
      setChallenges(emptied);
      setBattles(emptied);
      return;
    }
    const stopChallenges = subscribeWithQueries(
      () => import('./queries'),
      ({ db, onQueryAnswer }, queries) =>
        onQueryAnswer(
          queries.pendingChallengesQuery(db, uid),
          (snapshot) => {
            setChallenges(snapshot.docs.map((item) => item.data() as Challenge));
            setHeard((was) => ({ ...was, challenges: uid }));
          },
          (error) => {
            console.warn('challenge banners failed', error);
            setHeard((was) => ({ ...was, challenges: uid }));
          },
        ),
    );
    const stopBattles = subscribeWithQueries(
      () => import('./queries'),
      ({ db, onQueryAnswer }, queries) =>
        onQueryAnswer(
          queries.activeBattlesQuery(db, uid),
          (snapshot) => {
            setBattles(snapshot.docs.map((item) => item.data() as Battle));
            setHeard((was) => ({ ...was, battles: uid }));
          },
          (error) => {
            console.warn('battle banners failed', error);
            setHeard((was) => ({ ...was, battles: uid }));
          },
        ),
    );
    return () => {
      stopChallenges();
      stopBattles();
    };
  }, [uid]);

  const ticking = challenges.length > 0 || battles.length > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), BATTLE_COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [ticking]);

  if (!uid) return { items: [], ready: true };
  const items: BattleBannerItem[] = challenges
    .filter((challenge) => challenge.opponent.uid === uid && challengeIsActive(challenge, now))
    .map((challenge) => ({
      kind: 'challenged',
      id: challenge.id,
      opponent: challenge.challenger.displayName,
      until: challenge.expires,
    }));
  for (const battle of battles) {
    const stage = battleStage(battle, uid, now);
    const kind =
      stage === 'submit'
        ? 'submit'
        : stage === 'answer'
          ? 'opponent-submitted'
          : stage === 'add-story'
            ? 'opponent-disputed'
            : null;
    if (kind)
      items.push({
        kind,
        id: battle.id,
        opponent: battle.players[opponentOf(battle, uid)]?.displayName ?? '',
        until: battleDeadline(battle),
      });
  }
  return { items, ready: heard.challenges === uid && heard.battles === uid };
}
