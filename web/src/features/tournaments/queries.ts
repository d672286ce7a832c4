import {
  collection,
  collectionGroup,
  doc,
  documentId,
  limit,
  orderBy,
  query,
  where,
  type Firestore,
} from 'firebase/firestore';

/**
 * The tournament feature's Firestore reads, named and taking `db` (STYLE: friendlyeats), so pages
 * read through them and tests/rules runs the very same queries under the rules.
 */

export const tournamentDoc = (db: Firestore, id: string) => doc(db, 'tournaments', id);

/** A tournament's parties (TEAM), oldest first. */
export const partiesQuery = (db: Firestore, tournamentId: string) =>
  query(collection(db, 'tournaments', tournamentId, 'parties'), orderBy('createdAt'));

/** The parties inviting me to this tournament (only I may read it). */
export const myInvitesDoc = (db: Firestore, tournamentId: string, uid: string) =>
  doc(db, 'tournaments', tournamentId, 'invites', uid);

/** Every tournament's invites to me: the invite banner. */
export const myInvitesQuery = (db: Firestore, uid: string) =>
  query(collectionGroup(db, 'invites'), where('uid', '==', uid));

/** The days on which I already host a free tournament (SPEC §5 start-date check). */
export const myFreeStartsQuery = (db: Firestore, uid: string) => collection(db, 'users', uid, 'free_starts');

/**
 * Tournaments I hosted (`host`) or played in, myself or through my party (`player`), that have ended,
 * latest start first, `count` of them: /my-tournaments lists them a page at a time (they only grow),
 * beside the active ones (activeHostedQuery, activeTournamentsQuery).
 */
export const pastTournamentsQuery = (db: Firestore, uid: string, role: 'host' | 'player', count: number) =>
  query(
    collection(db, 'tournaments'),
    role === 'host' ? where('uid', '==', uid) : where('memberUids', 'array-contains', uid),
    where('archived', '==', true),
    orderBy('startTime', 'desc'),
    limit(count),
  );

/** Tournaments I play in that have not ended: /my-games and the banners. */
export const activeTournamentsQuery = (db: Firestore, uid: string) =>
  query(
    collection(db, 'tournaments'),
    where('memberUids', 'array-contains', uid),
    where('archived', '==', false),
    orderBy('startTime'),
  );

/** Tournaments I host that have not ended (the about-to-be-cancelled banner). */
export const activeHostedQuery = (db: Firestore, uid: string) =>
  query(collection(db, 'tournaments'), where('uid', '==', uid), where('archived', '==', false), orderBy('startTime'));

/** The engine's bracket (read live by the page once the tournament is ONGOING). */
export const bracketDoc = (db: Firestore, tournamentId: string) =>
  doc(db, 'tournaments', tournamentId, 'bracket', 'state');

/** A tournament's matches (elimination), in bracket order: read live by the bracket and the banners. */
export const matchesQuery = (db: Firestore, tournamentId: string) =>
  query(collection(db, 'tournaments', tournamentId, 'matches'), orderBy('round'), orderBy('number'));

/** The matches an entrant (a player, or a party) is to play now: the score-submit banner. */
export const myOpenMatchesQuery = (db: Firestore, tournamentId: string, entrantId: string) =>
  query(
    collection(db, 'tournaments', tournamentId, 'matches'),
    where('participants', 'array-contains', entrantId),
    where('state', 'in', ['READY', 'DISPUTED']),
  );

/** A hosted tournament's disputed matches: the host's banner (record 164). */
export const disputedMatchesQuery = (db: Firestore, tournamentId: string) =>
  query(collection(db, 'tournaments', tournamentId, 'matches'), where('state', '==', 'DISPUTED'));

/** A points tournament's table: every entrant's rounds. */
export const pointsQuery = (db: Firestore, tournamentId: string) =>
  collection(db, 'tournaments', tournamentId, 'points');

/** Up to 30 tournaments by id, read live: browse keeps its cards' counts current. */
export const tournamentsByIdQuery = (db: Firestore, ids: string[]) =>
  query(collection(db, 'tournaments'), where(documentId(), 'in', ids.slice(0, 30)));
