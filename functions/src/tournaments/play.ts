import type { Transaction } from 'firebase-admin/firestore';
import { announceCommit, matchRoundOf, sideAudience, writeMatchRecords, type Notice } from './match-records';
import { playPosts } from './discord-posts';
import { enqueueDiscord } from '../alerts/discord';
import type { GameEvidence, ProofImage } from '@versus/domain/battles/battle';
import { firstGameCheck } from '@versus/domain/games/game-accounts';
import {
  isDoubleForfeit,
  readyFields,
  transitionMatch,
  type MatchEvent,
  type SeriesScore,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import { matchesOutcome, swissNext, swissRoundMatches } from '@versus/domain/tournaments/formats';
import { playsMatches, type BracketState, type Tournament } from '@versus/domain/tournaments/tournament';
import { notFound } from '../errors/http-error';
import type { NotificationContent } from '../notifications/notify';
import { groupCommit, type Outcome } from '../platform/group-commit';
import { gameRecordIsFree, gameRecordUseRef, gameRecordUsed, writeGameRecordClaim } from '../platform/game-records';
import { readAhead, runOptimistic } from '../platform/optimistic';
import { applyResult, bracketStranded, type EngineMatchView } from './engine';
import { bracketStateRef, matchRef, matchesCollection, pointsCollection, tournamentLink } from './refs';
import { notTheHost, readTournament } from './tournaments';
import { sawMatch } from './seen-matches';
import { cameToAll, readSidesMatches, type MatchCommand } from './came-to-all';
import { finishInTransaction, rankingOf } from './finish';
import { actingEntrant, hostEntrantIn, named, nextMatchPlayed, ongoing, refusalError } from './play-rules';

/**
 * Playing a tournament (DESIGN §6, §9): match reports, disputes and host decisions over the pure
 * transitions of domain/tournaments/play and the engine for final results; the finish and its
 * payouts are finish.ts, a points tournament's rounds points-play.ts. Each command is one optimistic transaction (platform/optimistic): a round's
 * reports touch only their own match documents, and the deciding ones race on the bracket state.
 */

/**
 * The latest play in a tournament: a match or points document's activityAt (reports, disputes,
 * reviews, decisions). The inactivity check counts it as activity (DESIGN §6).
 */
export async function latestActivity(tx: Transaction, id: string): Promise<number> {
  const [match, points] = await Promise.all([
    tx.get(matchesCollection(id).orderBy('activityAt', 'desc').limit(1)),
    tx.get(pointsCollection(id).orderBy('activityAt', 'desc').limit(1)),
  ]);
  return Math.max(0, match.docs[0]?.data().activityAt ?? 0, points.docs[0]?.data().activityAt ?? 0);
}

type CommandOutcome = Outcome<TournamentMatch>;

/** Where an engine view of a match differs from our document, the fields to bring across. */
function followEngine(
  current: TournamentMatch,
  view: EngineMatchView,
  now: number,
  tournament: Pick<Tournament, 'game' | 'checkInMinutes'>,
): Partial<TournamentMatch> | null {
  const playersChanged = view.participants.join() !== current.participants.join();
  const becameReady = view.state === 'READY' && current.state !== 'READY' && current.state !== 'DISPUTED';
  const stoppedReady = view.state !== 'READY' && view.state !== 'COMPLETED' && current.state === 'READY';
  // A double forfeit before it (issue #60) leaves a match one side or none: a bye, or nothing to play.
  const emptied = (view.state === 'BYE' || view.state === 'UNPLAYABLE') && current.state !== view.state;
  if (!playersChanged && !becameReady && !stoppedReady && !emptied) return null;
  return {
    participants: view.participants,
    state: view.state === 'COMPLETED' ? current.state : view.state,
    ...(view.state === 'READY'
      ? {
          reports: {},
          disputes: {},
          dispute: null,
          ...readyFields(now, tournament.checkInMinutes),
          hostAskedAt: null,
          pausedAt: null,
          pausedDeadline: null,
          gameCheckAt: firstGameCheck(tournament.game, current.bestOf ?? 1, now),
        }
      : { deadline: null, gameCheckAt: null, checkInCloses: null, pausedAt: null, pausedDeadline: null }),
    ...(view.state === 'BYE' ? { outcome: 'BYE' as const } : {}),
    updatedAt: now,
  };
}

/**
 * Applies match events in order, each to the state the previous ones left: the match's own
 * transition, the engine's bracket when a result is decided or changed (read and written once for
 * all of them), the next matches' players, the finish and payouts after the final, and the
 * notifications. A refused event fails alone; the others still apply.
 */
export async function applyMatchEvents(
  tx: Transaction,
  tournament: Tournament,
  commands: MatchCommand[],
): Promise<CommandOutcome[]> {
  // The commands' own matches first; the whole bracket only once a result has to move through it
  // (most reports decide nothing, and read one document).
  const own = await Promise.all(
    [...new Set(commands.map((command) => command.matchId))].map((id) => tx.get(matchRef(tournament.id, id))),
  );
  const ours = new Map(own.flatMap((doc) => (doc.exists ? [[doc.id, doc.data()!] as const] : [])));
  const sidesMatches = await readSidesMatches(tx, tournament, ours, commands);
  let whole = false;
  const readWhole = async () => {
    if (whole) return;
    whole = true;
    for (const doc of (await tx.get(matchesCollection(tournament.id))).docs)
      if (!ours.has(doc.id)) ours.set(doc.id, doc.data());
  };
  let bracket: BracketState | undefined;
  let data: Record<string, unknown> | undefined;
  let latest = 0;
  const written = new Set<string>();
  const notices: Notice[] = [];
  let finishedAt: number | null = null;
  const decided = new Map<string, number>();
  const outcomes: CommandOutcome[] = [];
  /** The callers' commands answer; those added (for disqualified entrants, a round robin's check-ins) do not. */
  const added = new Set<MatchCommand>();
  const add = (items: MatchCommand[], at = commands.length) => {
    items.forEach((item) => added.add(item));
    commands.splice(at, 0, ...items);
  };
  const link = tournamentLink(tournament);
  const bracketKind = playsMatches(tournament.bracket) ? tournament.bracket : 'ELIMINATION';
  const swiss = bracketKind === 'SWISS';
  const seeds = tournament.seeds ?? [];
  /** Matches this batch creates (a Swiss round), written with create rather than update. */
  const fresh = new Set<string>();
  /** Matches this batch made READY: with check-in on, their sides are asked to check in. */
  const readied = new Set<string>();
  /** Matches decided for the first time (not a host's change): each side's reliability counts them. */
  const firstDecided = new Set<string>();

  for (const command of commands) {
    const { matchId, event, now } = command;
    try {
      const match = ours.get(matchId);
      if (!match) throw notFound('That match');
      let transition = transitionMatch(match, event, now);
      if (!transition.ok) throw refusalError(transition.refusal);
      // A bracket's double forfeit stands: the match it fed has gone on with a bye (the engine would
      // put a winner beside the player who took it, record 82).
      if (event.type === 'decide' && bracketKind === 'ELIMINATION' && isDoubleForfeit(match)) throw nextMatchPlayed();
      // Swiss (issue #60): a result changes while the tournament is in play, whatever rounds follow;
      // the table follows it and the pairings already made stay (swissNext pairs only a complete
      // latest round, which a change of an earlier one never completes).
      if (transition.next === match) {
        outcomes.push({ ok: true, value: match });
        continue;
      }
      // A person's command is activity; the sweeper's closing of a window is not (DESIGN §9).
      let next = event.type === 'close-window' ? transition.next : { ...transition.next, activityAt: now };
      const changes = new Map<string, TournamentMatch>([[matchId, next]]);
      let result = transition.effects.find((effect) => effect.type === 'result');
      let engine = data;
      if (result && swiss) {
        // No engine: the round's last result pairs the next round (issue #21), from every result so far.
        await readWhole();
        const after = [...ours.values()].map((item) => (item.id === matchId ? next : item));
        const following = swissNext(after, seeds, tournament.swissRounds ?? 0);
        if (following.kind === 'round')
          for (const created of swissRoundMatches(
            following.round,
            following.pairing,
            after.length,
            tournament.bestOf ?? 1,
          )) {
            const ready = created.state === 'READY';
            changes.set(created.id, {
              ...created,
              reports: {},
              ...readyFields(now, tournament.checkInMinutes, ready),
              gameCheckAt: ready ? firstGameCheck(tournament.game, created.bestOf ?? 1, now) : null,
              updatedAt: now,
            });
            fresh.add(created.id);
            if (ready) readied.add(created.id);
          }
      } else if (result) {
        // The bracket and every match, read side by side: one call in a row.
        const [, state] = await Promise.all([
          readWhole(),
          bracket ? undefined : tx.get(bracketStateRef(tournament.id)),
        ]);
        if (!bracket) {
          bracket = state?.data();
          if (!bracket) throw notFound('The bracket');
          data = engine = bracket.data;
        }
        let applied: Awaited<ReturnType<typeof applyResult>>;
        try {
          applied = await applyResult(engine!, matchId, result.winner);
        } catch (error) {
          if (/locked/i.test(String(error))) throw nextMatchPlayed();
          throw error;
        }
        if (
          result.winner === null &&
          (bracketKind === 'DOUBLE_ELIMINATION' ||
            bracketStranded(applied.matches, (id) => ours.get(id)?.state === 'UNPLAYABLE'))
        ) {
          // A double forfeit that would strand the bracket (the final, or a match left with nobody),
          // or any in double elimination (its losers bracket cannot take the byes it would leave):
          // the higher seed takes the match instead (issue #60, record 82), so the tournament keeps
          // its champion.
          transition = transitionMatch(match, { ...event, bothAbsent: 'HIGHER_SEED' } as MatchEvent, now);
          if (!transition.ok) throw refusalError(transition.refusal);
          next = { ...transition.next, ...(event.type === 'close-window' ? {} : { activityAt: now }) };
          changes.set(matchId, next);
          result = transition.effects.find((effect) => effect.type === 'result')!;
          applied = await applyResult(engine!, matchId, result.winner);
        }
        engine = applied.data;
        for (const view of applied.matches) {
          const current = ours.get(view.id);
          if (view.id === matchId || !current) continue;
          const update = followEngine(current, view, now, tournament);
          if (update) changes.set(view.id, { ...current, ...update });
          if (update?.state === 'READY') readied.add(view.id);
        }
      }
      // The event succeeded: its changes become the state the next event sees.
      data = engine;
      latest = Math.max(latest, now);
      for (const [id, changed] of changes) {
        ours.set(id, changed);
        written.add(id);
      }
      // A round robin's side that came to this match came to all of its matches (record 176): their
      // check-ins apply next, before the batch's other commands (an added one adds none).
      if (!added.has(command))
        add(cameToAll(sidesMatches, ours, match, next, event, now), commands.indexOf(command) + 1);
      // A match that became ready with a disqualified entrant goes to the other side at once (issue #60).
      const out = Object.keys(tournament.disqualified ?? {});
      if (out.length > 0)
        for (const [id, changed] of changes)
          if (
            id !== matchId &&
            changed.state === 'READY' &&
            changed.participants.some((side) => side && out.includes(side))
          )
            add([{ matchId: id, event: { type: 'disqualified', entrants: out, seeds }, now }]);
      const decidedMatch = ours.get(matchId);
      for (const effect of transition.effects) {
        if (effect.type !== 'notify') continue;
        const content: NotificationContent = {
          type: effect.notification,
          tournament: link,
          match: matchId,
          // Which match: its round, after the tournament's name in the line.
          ...(decidedMatch ? matchRoundOf(tournament, whole ? [...ours.values()] : null, decidedMatch) : {}),
          ...(effect.winner ? { winner: named(tournament, effect.winner) } : {}),
          ...(effect.reasoning ? { reasoning: effect.reasoning } : {}),
        };
        if ('host' in effect.to) {
          if (tournament.uid !== effect.except)
            notices.push({ uid: tournament.uid, content: { ...content, isAdmin: true }, now });
        } else
          for (const uid of sideAudience(tournament, effect.to.entrant, effect.notification))
            if (uid !== effect.except) notices.push({ uid, content, now });
      }
      if (result) decided.set(matchId, now);
      if (result && !result.changed) firstDecided.add(matchId);
      // The last deciding result (the final, or double elimination's decisive grand final).
      if (
        result &&
        finishedAt === null &&
        matchesOutcome(bracketKind, [...ours.values()], seeds, tournament.swissRounds ?? 0)
      )
        finishedAt = now;
      outcomes.push({ ok: true, value: next });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }

  // The final decided the tournament: places, payouts (its own reads come first), FINISHED. The
  // commit's Discord events go as one message, the standings after the result that decided them.
  const posts = playPosts(tournament, ours, firstDecided);
  const outcome =
    finishedAt !== null ? matchesOutcome(bracketKind, [...ours.values()], seeds, tournament.swissRounds ?? 0) : null;
  if (finishedAt !== null && outcome)
    await finishInTransaction(
      tx,
      tournament,
      rankingOf(bracketKind, outcome),
      finishedAt,
      new Map([...outcome].map(([id, { place }]) => [id, place])),
      new Map([...outcome].map(([id, { to }]) => [id, to])),
      posts,
    );
  else enqueueDiscord(tx, tournament, posts, latest);
  if (bracket && data !== bracket.data)
    tx.update(bracketStateRef(tournament.id), { version: bracket.version + 1, data, updatedAt: latest });
  for (const id of written) {
    if (fresh.has(id)) tx.create(matchRef(tournament.id, id), ours.get(id)!);
    else tx.update(matchRef(tournament.id, id), { ...ours.get(id)! });
    sawMatch(tournament, ours.get(id)!); // a guess for its game check; a commit that fails leaves a stale one
  }
  announceCommit(tx, tournament, ours, whole, readied, firstDecided, notices, latest);
  writeMatchRecords(tx, tournament, bracketKind, ours, decided, firstDecided, latest);
  // Activity is read from the matches' activityAt by the inactivity check: reports never write the
  // tournament document, so a round's reports do not queue on it (DESIGN §8 no hot document).
  return outcomes.filter((_, index) => !added.has(commands[index]!));
}

interface QueuedCommand {
  /** Checks the caller against the tournament (refusing with an HttpError) and names the event. */
  prepare: (tournament: Tournament) => MatchEvent;
  matchId: string;
  now: number;
  /**
   * A decision by the game (issue #22): the game's record this command claims. Checked with the
   * batch's reads (refused when another contest has it, or another command of the batch claims it
   * first) and written only when the command applied.
   */
  claim?: GameEvidence;
}

/**
 * Match commands of one tournament that reach this process together apply in one transaction
 * (platform/group-commit, like joins): round one's 32 reports would otherwise race 16 times on
 * the bracket state, each deciding report retrying behind the others (bench:tournaments).
 */
const matchCommands = groupCommit(
  (id: string, batch: QueuedCommand[]) =>
    runOptimistic(async (tx) => {
      // The commands' matches, read by applyMatchEvents, and the game records they claim travel
      // with the tournament.
      readAhead(tx, [
        ...batch.map((item) => matchRef(id, item.matchId)),
        ...batch.flatMap((item) => (item.claim ? [gameRecordUseRef(item.claim)] : [])),
      ]);
      const contest = (item: QueuedCommand) => `tournaments/${id}/matches/${item.matchId}`;
      const [tournament, claims] = await Promise.all([
        readTournament(tx, id),
        Promise.allSettled(
          batch.map(async (item) => (item.claim ? gameRecordIsFree(tx, item.claim, contest(item)) : false)),
        ),
      ]);
      const claimedHere = new Map<string, string>();
      const prepared: (MatchCommand | { error: unknown })[] = batch.map((item, index) => {
        try {
          const event = item.prepare(tournament);
          const claim = claims[index]!;
          if (claim.status === 'rejected') throw claim.reason;
          if (item.claim) {
            // One game decides one contest, in a batch too: the first command to claim it keeps it.
            const path = gameRecordUseRef(item.claim).path;
            if ((claimedHere.get(path) ?? contest(item)) !== contest(item)) throw gameRecordUsed();
            claimedHere.set(path, contest(item));
          }
          return { matchId: item.matchId, event, now: item.now };
        } catch (error) {
          return { error };
        }
      });
      const applied = await applyMatchEvents(
        tx,
        tournament,
        prepared.filter((item): item is MatchCommand => !('error' in item)),
      );
      const outcomes = prepared.map((item) =>
        'error' in item ? { ok: false as const, error: item.error } : applied.shift()!,
      );
      batch.forEach((item, index) => {
        const claim = claims[index]!;
        if (item.claim && outcomes[index]!.ok && claim.status === 'fulfilled' && claim.value)
          writeGameRecordClaim(tx, item.claim, contest(item), item.now);
      });
      return outcomes;
    }),
  64,
);
const matchCommand = (
  id: string,
  matchId: string,
  now: number,
  prepare: QueuedCommand['prepare'],
  claim?: GameEvidence,
) => matchCommands(id, { matchId, now, prepare, claim });

// Elimination -------------------------------------------------------------------------------------

/** POST /tournaments/elimination/{id}/match/{matchUid}/report: a side names the winner (and a series' score). */
export const reportMatch = (
  uid: string,
  id: string,
  matchId: string,
  winner: string,
  score: SeriesScore | undefined,
  now: number,
) =>
  matchCommand(id, matchId, now, (tournament) => {
    const entrant = actingEntrant(ongoing(tournament, 'matches'), uid);
    return { type: 'report', entrant: entrant.id, by: uid, winner, ...(score ? { score } : {}) };
  });

/** POST …/match/{matchUid}/checkIn (issue #60): a side (a party by its leader) checks in to its ready match. */
export const checkInToMatch = (uid: string, id: string, matchId: string, now: number) =>
  matchCommand(id, matchId, now, (tournament) => {
    const entrant = actingEntrant(ongoing(tournament, 'matches'), uid);
    return { type: 'check-in', entrant: entrant.id, by: uid };
  });

/** POST …/match/{matchUid}/pause (issue #60): the host holds or releases one ready match's clock. */
export const pauseMatchClock = (uid: string, id: string, matchId: string, paused: boolean, now: number) =>
  matchCommand(id, matchId, now, (tournament) => {
    if (tournament.uid !== uid) throw notTheHost();
    ongoing(tournament, 'matches');
    return { type: paused ? 'pause' : 'resume', host: uid, hostEntrant: hostEntrantIn(tournament) };
  });

/** POST …/match/{matchUid}/dispute: a side's story and proof once the reports conflict. */
export const disputeMatch = (uid: string, id: string, matchId: string, story: string, proof: ProofImage, now: number) =>
  matchCommand(id, matchId, now, (tournament) => {
    const entrant = actingEntrant(ongoing(tournament, 'matches'), uid);
    return { type: 'dispute', entrant: entrant.id, by: uid, story, proof };
  });

/** POST …/match/{matchUid}/setWinner (SPEC §7): the host sets, or changes, a match's winner. */
export const setMatchWinner = (
  uid: string,
  id: string,
  matchId: string,
  winner: string,
  score: SeriesScore | undefined,
  reasoning: string | null,
  now: number,
) =>
  matchCommand(id, matchId, now, (tournament) => {
    if (tournament.uid !== uid) throw notTheHost();
    ongoing(tournament, 'matches');
    return {
      type: 'decide',
      host: uid,
      winner,
      ...(score ? { score } : {}),
      reasoning,
      hostEntrant: hostEntrantIn(tournament),
    };
  });

/**
 * The game's record decided a match (issue #22): the engine, the next match, the finish, as
 * agreeing reports. `expected` is the pair and the READY time the game was looked up for: if the
 * match has changed since (a host's earlier decision put another player in it), the record is not
 * about this match and it is refused. Its own transaction (not the group commit), because it also
 * claims the game's record.
 */
export const decideMatchByGame = (
  id: string,
  matchId: string,
  winner: string,
  evidence: GameEvidence,
  expected: { sides: string[]; readyAt: number | null },
  now: number,
  /** The player who asked and saw the answer, who is not told it (record 181). */
  asker: string | null = null,
) =>
  // Through the tournament's group commit, like a report: a decision by the game neither races the
  // batches of reports on the same tournament nor is retried behind them.
  matchCommand(
    id,
    matchId,
    now,
    (tournament) => {
      ongoing(tournament, 'matches');
      return { type: 'game-result', winner, evidence, ...expected, askedBy: asker };
    },
    evidence,
  );

/** The sweeper: report windows that have closed (DESIGN §9), every due match of the tournament at once. */
export async function closeMatchWindows(id: string, now: number): Promise<number> {
  const due = await matchesCollection(id).where('deadline', '<=', now).get();
  if (due.empty) return 0;
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.state !== 'ONGOING') {
      // Over (finished or cancelled): its windows will never close; take them off the sweep.
      for (const doc of due.docs) tx.update(matchRef(id, doc.id), { deadline: null });
      return 0;
    }
    const before = due.docs.map((doc) => doc.data().updatedAt);
    // A check-in that neither side made decides as the host chose (issue #60), by the seeds.
    const event = {
      type: 'close-window',
      bothAbsent: tournament.bothAbsent ?? 'HIGHER_SEED',
      seeds: tournament.seeds ?? [],
    } as const;
    const outcomes = await applyMatchEvents(
      tx,
      tournament,
      due.docs.map((doc) => ({ matchId: doc.id, event, now })),
    );
    return outcomes.filter((outcome, index) => outcome.ok && outcome.value.updatedAt !== before[index]).length;
  });
}
