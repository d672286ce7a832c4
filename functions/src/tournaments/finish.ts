import type { DiscordEvent } from '@versus/domain/alerts/outbox';
import { enqueueDiscord } from '../alerts/discord';
import { tableMark } from './discord-posts';
import { named } from './play-rules';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { prizeAwards, sharedPlaceTo } from '@versus/domain/tournaments/play';
import { entrantOf, PAYOUT_SPLITS } from '@versus/domain/tournaments/tournament';
import type { MatchBracket, Tournament, TournamentResult } from '@versus/domain/tournaments/tournament';
import { hostDelta, tournamentPlayerDelta, type StatCounters } from '@versus/domain/users/statistics';
import { TOURNAMENT_POPUP_PLACES } from '@versus/domain/users/types';
import { notify } from '../notifications/notify';
import { accountRef, escrowRef, ledgerEntryRef } from '../platform/collections';
import { readAhead } from '../platform/optimistic';
import { applyBalanceChanges, ledgerEntryId } from '../wallet/ledger';
import { moveEscrows } from '../wallet/escrow';
import { countPlatform, playerStatisticsRef, readStatistics, writeHistory, writeStatistics } from '../users/statistics';
import { tournamentLink, tournamentRef } from './refs';

/**
 * A tournament's finish (DESIGN §5, §9): the places, the pool and its payouts, the results and the
 * statistics, in the transaction of the command that decides it (a bracket's last match, a points
 * tournament's finish).
 */

/**
 * The ranking the prizes and results follow: the places a bracket tells apart at the top, the
 * final's two in single elimination, and the losers-bracket final's loser third in double.
 */
/** The uids of an entrant's members (a player alone, or a party's). */
export const members = (tournament: Tournament, entrantId: string) =>
  tournament.participants.find((entrant) => entrant.id === entrantId)?.members.map((member) => member.uid) ?? [];

export const rankingOf = (bracket: MatchBracket, places: Map<string, { place: number }>) =>
  [...places]
    .map(([participant, { place }]) => ({ participant, rank: place }))
    .filter(({ rank }) => rank <= (bracket === 'ELIMINATION' ? 2 : 3))
    .sort((a, b) => a.rank - b.rank);

/** What the finish writes on the tournament (and answers with it). */
type FinishedFields = Pick<
  Tournament,
  'state' | 'archived' | 'endedAt' | 'lastActivityAt' | 'results' | 'placings' | 'hostShare'
>;

/**
 * FINISHED with places and payouts (DESIGN §5): the entrants' fees join the pool once (escrows
 * released as `pool`), the host's share and each place's prize are credited with the pool as their
 * ledger ref, and everyone paid hears of it. A free tournament moves no coins.
 */
export async function finishInTransaction(
  tx: Transaction,
  tournament: Tournament,
  ranking: { participant: string; rank: number }[],
  now: number,
  /** Every placed entrant's place (an elimination bracket's shared 3–4, 5–8 …): trophies and history. */
  placings: Map<string, number>,
  /** A bracket's own last place of each entrant's range (5–8: 8); null for a points table, whose tied
      ranks (1, 1, 3) cover the places after theirs. */
  ranges: Map<string, number> | null,
  /** The commit's Discord events before the standings (the final's result, its round), one message. */
  discordBefore: DiscordEvent[] = [],
): Promise<FinishedFields> {
  const pool = `tournament:${tournament.id}`;
  const paid = tournament.participants.filter((entrant) => entrant.escrowId);
  const players = tournament.participants.flatMap((entrant) => entrant.members.map((member) => member.uid));
  const recipient = (participant: string) => tournament.participants.find((entrant) => entrant.id === participant)!.uid;
  // Everything the finish reads is named by the tournament and the ranking: the escrows, the
  // statistics and, for a paid one, the balances and ledger entries the prizes can move (the ranks
  // the payout structure pays, ties at its cutoff included), in one round trip.
  const sorted = [...ranking].sort((a, b) => a.rank - b.rank);
  const cutoff = sorted[Math.min(PAYOUT_SPLITS[tournament.payoutStructure].length, sorted.length) - 1]?.rank ?? 0;
  const payable = sorted.filter(({ rank }) => rank <= cutoff);
  readAhead(tx, [
    ...paid.map((entrant) => escrowRef(entrant.escrowId!)),
    ...[...new Set([...players, tournament.uid])].map((uid) => playerStatisticsRef(uid)),
    ...(paid.length > 0
      ? [
          ...[...new Set([...payable.map(({ participant }) => recipient(participant)), tournament.uid])].map((uid) =>
            accountRef(uid),
          ),
          ...payable.map(({ participant }) =>
            ledgerEntryRef(ledgerEntryId({ uid: recipient(participant), reason: 'tournament-prize', ref: pool })),
          ),
          ledgerEntryRef(ledgerEntryId({ uid: tournament.uid, reason: 'tournament-host-share', ref: pool })),
        ]
      : []),
  ]);
  // The pool is what its escrows really hold, not a product of the fee: counted, never assumed.
  const [escrows, statsBefore] = await Promise.all([
    Promise.all(paid.map((entrant) => tx.get(escrowRef(entrant.escrowId!)))),
    readStatistics(tx, [...players, tournament.uid]),
  ]);
  const amount = escrows.reduce(
    (sum, snapshot) => sum + (snapshot.data()?.state === 'HELD' ? (snapshot.data()?.amount ?? 0) : 0),
    0,
  );
  const { host, awards } =
    amount > 0 ? prizeAwards(amount, tournament.payoutStructure, ranking) : { host: 0, awards: [] };
  if (host + awards.reduce((sum, award) => sum + award.amount, 0) !== amount)
    throw new Error(`tournament ${tournament.id}: the prizes do not add up to the pool of ${amount}`);
  const results: TournamentResult[] = ranking.map(({ participant, rank }) => ({
    participant,
    place: rank,
    amount: awards.filter((award) => award.participant === participant).reduce((sum, award) => sum + award.amount, 0),
  }));
  if (amount > 0) {
    await moveEscrows(
      tx,
      { releases: paid.map((entrant) => ({ escrowId: entrant.escrowId!, to: pool, kind: 'pool' as const })) },
      now,
    );
    await applyBalanceChanges(
      tx,
      [
        ...awards.map((award) => ({
          uid: recipient(award.participant),
          delta: award.amount,
          reason: 'tournament-prize',
          ref: pool,
          title: tournament.name,
        })),
        ...(host > 0
          ? [{ uid: tournament.uid, delta: host, reason: 'tournament-host-share', ref: pool, title: tournament.name }]
          : []),
      ],
      now,
    );
  }
  const finished: FinishedFields = {
    state: 'FINISHED',
    archived: true,
    endedAt: now,
    lastActivityAt: now,
    results,
    placings: Object.fromEntries(placings),
    hostShare: host,
  };
  tx.update(tournamentRef(tournament.id), { ...finished });
  // Standing: every player's tournament counted, places give trophies, the host's finished count.
  const amountOf = new Map(results.map((result) => [result.participant, result.amount]));
  const about = { ref: tournament.id, tournamentName: tournament.name, game: tournament.game, at: now };
  const changes: { uid: string; delta: Partial<StatCounters> }[] = [];
  // The last place an entrant shares with others (a bracket's semi-final losers 3rd–4th, a points
  // tie 1st–2nd; domain's sharedPlaceTo). None for a place held alone. Counted once for both loops below.
  const holders = new Map<number, number>();
  for (const place of placings.values()) holders.set(place, (holders.get(place) ?? 0) + 1);
  const placeTos = new Map(
    [...placings].flatMap(([entrant, place]) => {
      const sharing = holders.get(place)!;
      return sharing > 1 ? [[entrant, sharedPlaceTo(place, sharing, ranges?.get(entrant))] as const] : [];
    }),
  );
  for (const entrant of tournament.participants) {
    const place = placings.get(entrant.id) ?? null;
    const placeTo = placeTos.get(entrant.id);
    for (const { uid } of entrant.members) {
      const coins = uid === entrant.uid ? (amountOf.get(entrant.id) ?? 0) : 0;
      const delta = tournamentPlayerDelta(place, coins, placeTo);
      changes.push({ uid, delta });
      writeHistory(tx, uid, {
        kind: 'tournament',
        ...about,
        place,
        ...(placeTo ? { placeTo } : {}),
        coins,
        trophies: delta.trophies ?? 0,
      });
    }
  }
  changes.push({ uid: tournament.uid, delta: hostDelta(host) });
  writeHistory(tx, tournament.uid, {
    kind: 'hosted',
    ...about,
    participants: tournament.participants.length,
    coins: host,
  });
  writeStatistics(tx, statsBefore, changes, now);
  countPlatform(tx, { coinsWon: awards.reduce((sum, award) => sum + award.amount, 0) }, now);
  const link = tournamentLink(tournament);
  // Every entrant hears of the end: a prize with its place, else the place (if placed, with the last
  // of the places it shares) alone. A disqualified entrant was told so, and hears nothing more.
  for (const entrant of tournament.participants) {
    const result = results.find((item) => item.participant === entrant.id);
    if (!(result && result.amount > 0) && tournament.disqualified?.[entrant.id]) continue;
    const place = placings.get(entrant.id);
    const placeTo = placeTos.get(entrant.id);
    // The podium sees its result over whatever page is open, as a battle's players do (record 141).
    const podium = place !== undefined && place <= TOURNAMENT_POPUP_PLACES && !tournament.disqualified?.[entrant.id];
    for (const uid of members(tournament, entrant.id)) {
      if (podium)
        tx.update(accountRef(uid), {
          popups: FieldValue.arrayUnion({ type: 'TOURNAMENT_RESULT', ref: tournament.id }),
        });
      notify(
        tx,
        uid,
        result && result.amount > 0
          ? {
              type: 'TOURNAMENT_PAYOUT_RECEIVED',
              tournament: link,
              payout: result.amount,
              place: result.place,
              ...(placeTo && result.place === place ? { placeTo } : {}),
            }
          : {
              type: 'TOURNAMENT_FINISHED',
              tournament: link,
              ...(place ? { place } : {}),
              ...(placeTo ? { placeTo } : {}),
            },
        now,
      );
    }
  }
  if (host > 0)
    notify(
      tx,
      tournament.uid,
      { type: 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED', tournament: link, payout: host, isAdmin: true },
      now,
    );
  // A host with no share (a free tournament, or a pool too small for a tenth) hears of the end too,
  // with its winner when one stands alone at the top; a host who played heard of it as an entrant.
  else if (!entrantOf(tournament, tournament.uid)) {
    const top = [...placings].filter(([, place]) => place === 1);
    notify(
      tx,
      tournament.uid,
      {
        type: 'TOURNAMENT_FINISHED',
        tournament: link,
        isAdmin: true,
        ...(top.length === 1 ? { winner: named(tournament, top[0]![0]) } : {}),
      },
      now,
    );
  }
  // The final standings to the tournament's Discord channel (issue #60): the first eight places.
  const standings = [...placings]
    .sort((a, b) => a[1] - b[1])
    .slice(0, 8)
    .map(([participant, place]) => ({
      place,
      name: named(tournament, participant).displayName,
      coins: amountOf.get(participant) ?? 0,
    }));
  enqueueDiscord(
    tx,
    tournament,
    [...discordBefore, { event: 'finish', places: standings, ...tableMark(tournament) }],
    now,
  );
  return finished;
}
