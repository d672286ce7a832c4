import { AggregateField, FieldPath, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import {
  battleDelta,
  hostDelta,
  tournamentPlayerDelta,
  PLATFORM_FIGURES,
  statsMonth,
  type PlatformFigures,
  type StatEvent,
} from '@versus/domain/users/statistics';

export const emptyFigures = (): PlatformFigures => ({ players: 0, battles: 0, coinsWon: 0 });
import { finishedPlace, matchesOutcome } from '@versus/domain/tournaments/formats';
import { playsMatches, type Tournament } from '@versus/domain/tournaments/tournament';
import { db } from '../platform/firebase';
import {
  creatorRef,
  creatorsCollection,
  ledgerCollection,
  profileRef,
  profilesCollection,
} from '../platform/collections';
// The rebuild reads every feature's outcomes (like the sweeper composes them): exempt from the
// feature boundary in eslint.config.js.
import { battlesCollection } from '../battles/refs';
import { matchesCollection, tournamentsCollection } from '../tournaments/refs';
import {
  historyCollection,
  historyGroup,
  monthlyPlayersGroup,
  playerStatisticsCollection,
  playerStatisticsRef,
  shardsGroup,
} from './statistics';

/**
 * Rebuilds every player's statistics from what happened — battles ended, tournaments finished — to
 * prove the live figures the commands kept (check:stats) or to write them afresh (the backfill, run
 * by `check:stats -- --fix`, the seed and `npm run migrate`). Coins are proved a second way, from
 * the ledger: battle prizes (escrow-prize of battle fees), tournament prizes and host shares.
 */

export interface PlatformSnapshot {
  expected: PlatformFigures;
  started: Map<string, number>;
  live: PlatformFigures;
  liveStarted: Map<string, number>;
}

/** Everything a player's figures are proved from (one player's, or everyone's). */
export interface PlayersSnapshot {
  events: StatEvent[];
  ledgerCoins: Map<string, { battle: number; prize: number; host: number }>;
  live: Map<string, FirebaseFirestore.DocumentData>;
  liveMonths: Map<string, FirebaseFirestore.DocumentData>;
  profiles: Map<string, FirebaseFirestore.DocumentData>;
  creators: Set<string>;
}

export interface Snapshot extends PlayersSnapshot {
  platform: PlatformSnapshot;
}

type Docs = FirebaseFirestore.QueryDocumentSnapshot[];
const STAT_REASONS = ['escrow-prize', 'tournament-prize', 'tournament-host-share'];

/** A tournament finished before `placings` were kept: its results, or its bracket's places. */
async function placingsBefore(tournament: Tournament): Promise<Record<string, number>> {
  if (!playsMatches(tournament.bracket))
    return Object.fromEntries(
      (tournament.results ?? []).map((result: { participant: string; place: number }) => [
        result.participant,
        result.place,
      ]),
    );
  const matches = (await matchesCollection(tournament.id).get()).docs.map((match) => match.data());
  const places =
    matchesOutcome(tournament.bracket, matches, tournament.seeds ?? []) ?? new Map<string, { place: number }>();
  return Object.fromEntries([...places].map(([id, { place }]) => [id, place]));
}

const ended = (path: string, at: number | null) => {
  if (at === null) throw new Error(`${path} is over but has no endedAt`);
  return at;
};

/** The statistics events of ended battles and finished tournaments (of these players when `only`). */
async function eventsOf(battles: Docs, tournaments: Docs, only?: Set<string>): Promise<StatEvent[]> {
  const events: StatEvent[] = [];
  const mine = (uid: string) => only === undefined || only.has(uid);
  for (const doc of battles) {
    const battle = doc.data();
    if (!battle.winner) continue;
    for (const uid of (battle.participants as string[]).filter(mine)) {
      const won = uid === battle.winner.id;
      events.push({ uid, at: ended(doc.ref.path, battle.endedAt), delta: battleDelta(won, won ? battle.prize : 0) });
    }
  }
  for (const doc of tournaments) {
    const tournament = doc.data() as Tournament;
    const amounts = new Map<string, number>(
      (tournament.results ?? []).map((result: { participant: string; amount: number }) => [
        result.participant,
        result.amount,
      ]),
    );
    const placings = (tournament.placings ?? (await placingsBefore(tournament))) as Record<string, number>;
    // The places each covers, as the finish told them (finishedPlace without the bracket's ranges:
    // a tie covers as many places as share it). A single elimination's shared places are its rounds'
    // ranges instead (5th–8th: a bye leaves fewer there, a double forfeit more), each within one
    // trophy tier, so its place alone gives their trophies.
    const placeTo = (entrant: string) =>
      tournament.bracket === 'ELIMINATION' ? undefined : finishedPlace({ placings }, null, entrant)?.to;
    for (const entrant of tournament.participants as { id: string; uid: string; members: { uid: string }[] }[]) {
      for (const { uid } of entrant.members.filter((member) => mine(member.uid)))
        events.push({
          uid,
          at: ended(doc.ref.path, tournament.endedAt),
          delta: tournamentPlayerDelta(
            placings[entrant.id] ?? null,
            uid === entrant.uid ? (amounts.get(entrant.id) ?? 0) : 0,
            placeTo(entrant.id),
          ),
        });
    }
    if (mine(tournament.uid))
      events.push({
        uid: tournament.uid,
        at: ended(doc.ref.path, tournament.endedAt),
        delta: hostDelta(tournament.hostShare ?? 0),
      });
  }
  return events;
}

function ledgerCoinsOf(ledger: Docs): PlayersSnapshot['ledgerCoins'] {
  const ledgerCoins: PlayersSnapshot['ledgerCoins'] = new Map();
  for (const doc of ledger) {
    const entry = doc.data();
    const coins = ledgerCoins.get(entry.uid) ?? { battle: 0, prize: 0, host: 0 };
    if (entry.reason === 'escrow-prize' && String(entry.ref).startsWith('battle-fee:')) coins.battle += entry.delta;
    if (entry.reason === 'tournament-prize') coins.prize += entry.delta;
    if (entry.reason === 'tournament-host-share') coins.host += entry.delta;
    ledgerCoins.set(entry.uid, coins);
  }
  return ledgerCoins;
}

const monthsOf = (months: Docs) =>
  new Map(
    months
      .filter((doc) => doc.ref.parent.parent?.parent.id === 'player_statistics_months')
      .map((doc) => [`${doc.ref.parent.parent!.id}/${doc.id}`, doc.data()]),
  );

/** The platform's live figures: the sum of its shards, and of each month's. */
function liveFigures(shards: Docs): Pick<PlatformSnapshot, 'live' | 'liveStarted'> {
  const live = emptyFigures();
  const liveStarted = new Map<string, number>();
  for (const doc of shards) {
    const path = doc.ref.path.split('/');
    if (path[0] !== 'statistics' || path[1] !== 'user_statistics') continue;
    if (path[2] === 'shards')
      for (const key of PLATFORM_FIGURES) live[key] += (doc.data()[key] as number | undefined) ?? 0;
    else if (path[2] === 'months')
      liveStarted.set(path[3]!, (liveStarted.get(path[3]!) ?? 0) + (doc.data().tournamentsStarted ?? 0));
  }
  return { live, liveStarted };
}

/** Everyone's sources in one read-only transaction: the tests', the seed's and the migration's reader. */
export async function readStatisticsSources(): Promise<Snapshot> {
  // One read-only transaction: commands running meanwhile cannot look like drift.
  const [battles, tournaments, ledger, live, months, profiles, creators, started, shards] = await db.runTransaction(
    (tx) =>
      Promise.all([
        tx.get(battlesCollection().where('state', '==', 'ENDED')),
        tx.get(tournamentsCollection().where('state', '==', 'FINISHED')),
        tx.get(ledgerCollection().where('reason', 'in', STAT_REASONS)),
        tx.get(playerStatisticsCollection()),
        tx.get(monthlyPlayersGroup()),
        tx.get(profilesCollection()),
        tx.get(creatorsCollection()),
        tx.get(tournamentsCollection().where('startedAt', '>', 0)),
        tx.get(shardsGroup()),
      ]),
    { readOnly: true },
  );
  // The platform's figures, rebuilt: accounts, battles won, coins won, tournaments started per month.
  const platform: PlatformSnapshot = {
    expected: {
      players: profiles.docs.filter((doc) => !doc.data().anonymised).length,
      battles: battles.docs.filter((doc) => doc.data().winner).length,
      coinsWon:
        battles.docs.reduce((sum, doc) => sum + (doc.data().winner ? (doc.data().prize as number) : 0), 0) +
        tournaments.docs.reduce(
          (sum, doc) =>
            sum + ((doc.data().results ?? []) as { amount: number }[]).reduce((total, r) => total + r.amount, 0),
          0,
        ),
    },
    started: new Map(),
    ...liveFigures(shards.docs),
  };
  for (const doc of started.docs) {
    const month = statsMonth(doc.data().startedAt as number);
    platform.started.set(month, (platform.started.get(month) ?? 0) + 1);
  }
  return {
    events: await eventsOf(battles.docs, tournaments.docs),
    platform,
    ledgerCoins: ledgerCoinsOf(ledger.docs),
    live: new Map(live.docs.map((doc) => [doc.id, doc.data()])),
    liveMonths: monthsOf(months.docs),
    profiles: new Map(profiles.docs.map((doc) => [doc.id, doc.data()])),
    creators: new Set(creators.docs.map((doc) => doc.id)),
  };
}

/** Update times of documents, to tell whether they changed between two reads ('' when missing). */
const versions = (docs: FirebaseFirestore.DocumentSnapshot[]) =>
  docs.map((doc) => doc.updateTime?.toMillis() ?? '').join();

/**
 * Reads `read` as of one moment without a transaction (issue #23): `guard` (documents every command
 * that changes the sources also writes) is read before and after, and the read is made again while
 * they moved in between. A transaction would hold locks on everything its queries scan (the
 * emulator's are pessimistic and give up on long ones); this costs two guard reads per page.
 */
async function guardedRead<T>(guard: () => Promise<FirebaseFirestore.DocumentSnapshot[]>, read: () => Promise<T>) {
  for (let attempt = 1; ; attempt += 1) {
    const before = versions(await guard());
    const result = await read();
    if (versions(await guard()) === before) return result;
    if (attempt === 10) throw new Error('the statistics kept changing while they were read: run the check again');
  }
}

/**
 * A page of players' sources as of one moment (the paged check:stats, issue #23), read by id: their
 * history (users/{uid}/history, one entry per battle ended and tournament finished or hosted)
 * names the battles and tournaments, which are read themselves and rebuilt into events; their
 * prize entries in the ledger by their ids (`{uid}:escrow-prize:battle-fee:{challenge}:{uid}`,
 * `{uid}:tournament-prize:tournament:{id}`, `…:tournament-host-share:…`); their live counters,
 * months, profiles and creator accounts. That history names every source is proved apart
 * (`historyProblems`, over every battle and tournament). Every command that changes any of these
 * writes the players' statistics documents, so those are the guard. Memory holds one page.
 */
export async function readPlayersSources(uids: string[]): Promise<PlayersSnapshot> {
  const only = new Set(uids);
  const parts = Array.from({ length: Math.ceil(uids.length / 30) }, (_, i) => uids.slice(i * 30, i * 30 + 30));
  const statistics = () => db.getAll(...uids.map((uid) => playerStatisticsRef(uid)));
  const byIds = <T extends DocumentData>(
    refs: DocumentReference<T>[],
  ): Promise<FirebaseFirestore.DocumentSnapshot<T>[]> =>
    refs.length
      ? (db.getAll(...(refs as DocumentReference[])) as Promise<FirebaseFirestore.DocumentSnapshot<T>[]>)
      : Promise.resolve([]);
  const { battles, tournaments, ledger, live, months, profiles, creators } = await guardedRead(statistics, async () => {
    // The page's histories in one query: document names order by segment, so users/{first} up to
    // users/{last}/history/\uf8ff holds every history entry of the users between (filtered to the page).
    const sorted = [...uids].sort();
    const [histories, live, months, profiles, creators] = await Promise.all([
      historyGroup()
        .where(FieldPath.documentId(), '>=', profileRef(sorted[0]!))
        .where(FieldPath.documentId(), '<=', historyCollection(sorted.at(-1)!).doc('\uf8ff'))
        .get()
        .then((snapshot) => [snapshot.docs.filter((doc) => only.has(doc.ref.parent.parent?.id ?? ''))]),
      statistics(),
      Promise.all(parts.map((part) => monthlyPlayersGroup().where('uid', 'in', part).get())),
      db.getAll(...uids.map((uid) => profileRef(uid))),
      db.getAll(...uids.map((uid) => creatorRef(uid))),
    ]);
    const refs = (kind: string) => [
      ...new Set(
        histories.flatMap((history) =>
          history.filter((doc) => doc.get('kind') === kind).map((doc) => doc.get('ref') as string),
        ),
      ),
    ];
    const [battles, tournaments] = await Promise.all([
      byIds(refs('battle').map((id) => battlesCollection().doc(id))),
      byIds([...new Set([...refs('tournament'), ...refs('hosted')])].map((id) => tournamentsCollection().doc(id))),
    ]);
    // The prize entries these battles and tournaments paid to the page's players, by their ids.
    const prizeIds = [
      ...battles.flatMap((doc) => {
        const battle = doc.data();
        if (!battle || battle.state !== 'ENDED' || !only.has(battle.winner!.id) || !battle.entryFee) return [];
        return battle.participants.map(
          (uid: string) => `${battle.winner!.id}:escrow-prize:battle-fee:${battle.challengeId}:${uid}`,
        );
      }),
      ...tournaments.flatMap((doc) =>
        uids.flatMap((uid) => [
          `${uid}:tournament-prize:tournament:${doc.id}`,
          ...(doc.get('uid') === uid ? [`${uid}:tournament-host-share:tournament:${doc.id}`] : []),
        ]),
      ),
    ];
    const ledger = await byIds(prizeIds.map((id) => ledgerCollection().doc(id)));
    return { battles, tournaments, ledger, live, months, profiles, creators };
  });
  const exists = <T>(docs: FirebaseFirestore.DocumentSnapshot<T>[]) =>
    docs.filter((doc): doc is FirebaseFirestore.QueryDocumentSnapshot<T> => doc.exists);
  return {
    events: await eventsOf(
      exists(battles).filter((doc) => doc.data().state === 'ENDED'),
      exists(tournaments).filter((doc) => doc.data().state === 'FINISHED'),
      only,
    ),
    ledgerCoins: ledgerCoinsOf(exists(ledger)),
    live: new Map(exists(live).map((doc) => [doc.id, doc.data()])),
    liveMonths: monthsOf(months.flatMap((snapshot) => snapshot.docs)),
    profiles: new Map(exists(profiles).map((doc) => [doc.id, doc.data()])),
    creators: new Set(exists(creators).map((doc) => doc.id)),
  };
}

/**
 * That every player's history names each ended battle and finished tournament they were in (the
 * per-player rebuild reads its sources through the history): a page of battles or tournaments,
 * their players' history entries read by id.
 */
export async function historyProblems(kind: 'battles' | 'tournaments', ids: string[]): Promise<string[]> {
  const collection = kind === 'battles' ? battlesCollection() : tournamentsCollection();
  // Only the fields read below: a page of tournaments is otherwise their brackets and settings too.
  const fieldMask = kind === 'battles' ? ['state', 'participants'] : ['state', 'participants', 'uid'];
  const docs = (await db.getAll(...ids.map((id) => collection.doc(id)), { fieldMask })).filter((doc) => doc.exists);
  const expected: [string, string][] = [];
  for (const doc of docs) {
    const data = doc.data() as FirebaseFirestore.DocumentData;
    if (kind === 'battles' && data.state === 'ENDED')
      for (const uid of data.participants as string[]) expected.push([uid, `battle_${doc.id}`]);
    if (kind === 'tournaments' && data.state === 'FINISHED') {
      for (const entrant of data.participants as { members: { uid: string }[] }[])
        for (const { uid } of entrant.members) expected.push([uid, `tournament_${doc.id}`]);
      expected.push([data.uid as string, `hosted_${doc.id}`]);
    }
  }
  if (expected.length === 0) return [];
  const found = await db.getAll(...expected.map(([uid, id]) => historyCollection(uid).doc(id)));
  return found
    .map((doc, index) => (doc.exists ? null : `users/${expected[index]![0]}/history/${expected[index]![1]} is missing`))
    .filter((finding): finding is string => finding !== null);
}

/**
 * The platform's figures rebuilt by aggregation queries as of one moment (guarded by the shards;
 * the paged check:stats): players, battles won and their prizes, tournament prizes (from the ledger, which
 * the per-player check proves equal to the results), and tournaments started per month since the
 * first start. Constant memory whatever the size.
 */
export async function readPlatformSources(now: number): Promise<PlatformSnapshot> {
  // The guard: every command that moves a figure increments one of the shards (users/statistics).
  const shards = async () => (await shardsGroup().get()).docs;
  return guardedRead(shards, async () => {
    // An ended battle always has its winner (battles/transitions `end`).
    const won = battlesCollection().where('state', '==', 'ENDED');
    const sum = async (query: FirebaseFirestore.Query, field: string) =>
      ((await query.aggregate({ sum: AggregateField.sum(field) }).get()).data().sum as number | null) ?? 0;
    const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
    const startedFirst = tournamentsCollection().where('startedAt', '>', 0).orderBy('startedAt');
    const [profiles, anonymised, battles, battlePrizes, tournamentPrizes, first, last, live] = await Promise.all([
      count(profilesCollection()),
      count(profilesCollection().where('anonymised', '==', true)),
      count(won),
      sum(won, 'prize'),
      sum(ledgerCollection().where('reason', '==', 'tournament-prize'), 'delta'),
      startedFirst.limit(1).get(),
      startedFirst.limitToLast(1).get(),
      shards(),
    ]);
    const started = new Map<string, number>();
    if (!first.empty) {
      const from = new Date(first.docs[0]!.data().startedAt!);
      // Up to the last start, which a sweeper's clock ahead of this one's may put in a month to come
      // (the tests' sweeps at a tournament's start do).
      const until = Math.max(now, last.docs[0]!.data().startedAt!);
      const months: [string, number, number][] = [];
      for (let at = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1); at <= until;) {
        const next = Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth() + 1, 1);
        months.push([statsMonth(at), at, next]);
        at = next;
      }
      const counts = await Promise.all(
        months.map(([, start, end]) =>
          count(tournamentsCollection().where('startedAt', '>=', start).where('startedAt', '<', end)),
        ),
      );
      months.forEach(([month], index) => counts[index] && started.set(month, counts[index]!));
    }
    return {
      expected: { players: profiles - anonymised, battles, coinsWon: battlePrizes + tournamentPrizes },
      started,
      ...liveFigures(live),
    };
  });
}

// Comparing and repairing: their own file, kept importable from here.
export * from './statistics-repair';
