import type {
  BracketState,
  MemberSummary,
  PartyInvites,
  Party,
  PointsEntry,
  Tournament,
} from '@versus/domain/tournaments/tournament';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import type { PublicProfile } from '@versus/domain/users/types';
import { typed } from '../platform/collections';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';

/** tournaments/{id} and its subcollections (DESIGN §9), read as their domain types. */
export const tournamentsCollection = () => db.collection('tournaments').withConverter(typed<Tournament>());
export const tournamentRef = (id: string) => tournamentsCollection().doc(documentId(id, 'That tournament'));
export const newTournamentId = () => tournamentsCollection().doc().id;

const under = (tournamentId: string) => `tournaments/${documentId(tournamentId, 'That tournament')}`;
export const partiesCollection = (tournamentId: string) =>
  db.collection(`${under(tournamentId)}/parties`).withConverter(typed<Party>());
export const partyRef = (tournamentId: string, partyId: string) =>
  partiesCollection(tournamentId).doc(documentId(partyId, 'That party'));
/** Every tournament's party invites at once: one player's, for their export or deletion. */
export const invitesGroup = () => db.collectionGroup('invites').withConverter(typed<PartyInvites>());
export const invitesRef = (tournamentId: string, uid: string) =>
  db.doc(`${under(tournamentId)}/invites/${documentId(uid, 'That user')}`).withConverter(typed<PartyInvites>());
export const bracketStateRef = (tournamentId: string) =>
  db.doc(`${under(tournamentId)}/bracket/state`).withConverter(typed<BracketState>());
export const pointsRef = (tournamentId: string, entrantId: string) =>
  db
    .doc(`${under(tournamentId)}/points/${documentId(entrantId, 'That participant')}`)
    .withConverter(typed<PointsEntry>());
export const pointsCollection = (tournamentId: string) =>
  db.collection(`${under(tournamentId)}/points`).withConverter(typed<PointsEntry>());
export const matchesCollection = (tournamentId: string) =>
  db.collection(`${under(tournamentId)}/matches`).withConverter(typed<TournamentMatch>());
/** Every tournament's matches at once: the sweeper's due report windows and game checks. */
export const matchesGroup = () => db.collectionGroup('matches').withConverter(typed<TournamentMatch>());
export const matchRef = (tournamentId: string, matchId: string) =>
  matchesCollection(tournamentId).doc(documentId(matchId, 'That match'));

/** users/{uid}/free_starts/{YYYY-MM-DD}: the host's one free tournament on that local day (SPEC §5). */
export interface FreeStart {
  tournamentId: string;
  day: string;
  timeZone: string;
  startTime: number;
}
export const freeStartRef = (uid: string, day: string) =>
  db.doc(`users/${documentId(uid, 'That user')}/free_starts/${day}`).withConverter(typed<FreeStart>());

/** One escrow per entrant player and tournament; refunds and prizes release the same ones. */
export const entryFeeEscrowId = (tournamentId: string, uid: string) => `tournament-fee:${tournamentId}:${uid}`;

export const memberSummary = (uid: string, profile: PublicProfile): MemberSummary => ({
  uid,
  displayName: profile.displayName,
  avatar: profile.avatar ?? null,
  avatarPlaceholder: profile.avatarPlaceholder ?? 0,
  trophies: profile.trophies ?? 0,
});

export const tournamentLink = (tournament: Pick<Tournament, 'id' | 'name'>) => ({
  id: tournament.id,
  name: tournament.name,
});
