import { POINTS_MAX_ROUNDS, pointsRanking, type PointsRound } from '@versus/domain/tournaments/play';
import type { ProofImage } from '@versus/domain/battles/battle';
import { isDocumentId } from '@versus/domain/platform/ids';
import type { PointsEntry } from '@versus/domain/tournaments/tournament';
import { HttpError, conflict, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { gated, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { pointsCollection, pointsRef, tournamentLink, tournamentRef } from './refs';
import { notTheHost, readTournament } from './tournaments';
import { finishInTransaction } from './finish';
import { actingEntrant, hostEntrantIn, hostIsPlayer, notOngoing, readOngoing, wrongBracket } from './play-rules';

/**
 * A points tournament in play (SPEC §5, §7): a player submits a round's points with a proof, the
 * host accepts or changes them, and the host finishes it once nothing awaits review; the payout is
 * the same finish as a bracket's (play.ts).
 */

const pointsTotals = (rounds: PointsRound[]) => ({
  total: rounds.filter((round) => round.state === 'ACCEPTED').reduce((sum, round) => sum + round.points, 0),
  pending: rounds.filter((round) => round.state === 'SUBMITTED').length,
});

/** POST /tournaments/points/{id}/submitPoints: a round's points with a proof (SPEC §5). */
export const submitPoints = (
  uid: string,
  id: string,
  input: { points: number; attachment: ProofImage; description: string | null },
  now: number,
) =>
  runOptimistic(async (tx) => {
    // A solo player's points are under their uid: read beside the tournament (a team's, under its
    // party, after it), one call fewer in a row.
    readAhead(tx, [pointsRef(id, uid)]);
    const tournament = await readOngoing(tx, id, 'points');
    const entrant = actingEntrant(tournament, uid);
    const stored = (await tx.get(pointsRef(id, entrant.id))).data();
    const entry = stored ?? {
      participant: entrant.id,
      rounds: [],
      total: 0,
      pending: 0,
    };
    if (entry.rounds.length >= POINTS_MAX_ROUNDS)
      throw conflict(`Every one of the ${POINTS_MAX_ROUNDS} rounds is submitted.`, 'points-rounds-used');
    // Each round its own proof: the same picture is one stored file (uploads/images.ts), record 142.
    const reused = entry.rounds.findIndex((round) => round.attachment.path === input.attachment.path);
    if (reused >= 0)
      throw new HttpError(
        409,
        `This screenshot was sent for round ${reused + 1} already. Send the one of this round.`,
        'proof-reused',
        undefined,
        { round: reused + 1 },
      );
    const rounds: PointsRound[] = [
      ...entry.rounds,
      {
        state: 'SUBMITTED',
        points: input.points,
        rawPoints: input.points,
        attachment: input.attachment,
        description: input.description,
        submittedBy: uid,
        submittedAt: now,
        reviewedAt: null,
        reason: null,
      },
    ];
    const next: PointsEntry = { ...entry, rounds, ...pointsTotals(rounds), updatedAt: now, activityAt: now };
    if (stored) tx.update(pointsRef(id, entrant.id), { ...next });
    else tx.set(pointsRef(id, entrant.id), next);
    notify(
      tx,
      tournament.uid,
      {
        type: 'ADMIN_TOURNAMENT_POINTS_SUBMITTED',
        tournament: tournamentLink(tournament),
        users: [{ uid: entrant.uid, displayName: entrant.displayName }],
        points: input.points,
        isAdmin: true,
      },
      now,
    );
    return next;
  });

/**
 * POST /tournaments/points/{id}/setParticipantPoints (SPEC §7): the host accepts a round as
 * submitted (TOURNAMENT_POINTS_ACCEPTED) or sets another figure with a reason
 * (TOURNAMENT_POINTS_CHANGED). A reviewed round can be changed again.
 */
export const setParticipantPoints = (
  uid: string,
  id: string,
  input: { participant: string; points: number; description: string | null; round: number | null },
  now: number,
) =>
  runOptimistic(async (tx) => {
    // The participant's points beside the tournament: one call fewer in a row.
    if (isDocumentId(input.participant)) readAhead(tx, [pointsRef(id, input.participant)]);
    const tournament = await readTournament(tx, id);
    if (tournament.uid !== uid) throw notTheHost();
    if (tournament.state !== 'ONGOING') throw notOngoing();
    if (tournament.bracket !== 'POINTS') throw wrongBracket(tournament.bracket);
    const entrant = tournament.participants.find((item) => item.id === input.participant);
    if (!entrant) throw notFound('That participant');
    if (entrant.id === hostEntrantIn(tournament)) throw hostIsPlayer();
    const entry = (await tx.get(pointsRef(id, entrant.id))).data();
    const index = input.round ?? entry?.rounds.findIndex((round) => round.state === 'SUBMITTED') ?? -1;
    const round = entry?.rounds[index];
    if (!entry || !round) throw conflict('That participant has no submitted round to review.', 'nothing-to-review');
    const changed = input.points !== round.rawPoints;
    if (changed && !input.description)
      throw new HttpError(400, 'Say why you change the points.', 'invalid-input', {
        description: 'tournaments.errors.reason-required',
      });
    const rounds = entry.rounds.map((item, position) =>
      position === index
        ? {
            ...item,
            state: 'ACCEPTED' as const,
            points: input.points,
            reviewedAt: now,
            reason: changed ? input.description : null,
          }
        : item,
    );
    const next: PointsEntry = { ...entry, rounds, ...pointsTotals(rounds), updatedAt: now, activityAt: now };
    tx.update(pointsRef(id, entrant.id), { ...next });
    const content = {
      type: changed ? ('TOURNAMENT_POINTS_CHANGED' as const) : ('TOURNAMENT_POINTS_ACCEPTED' as const),
      tournament: tournamentLink(tournament),
      points: input.points,
      round: index + 1,
      ...(changed && input.description ? { reasoning: input.description } : {}),
    };
    for (const member of entrant.members) notify(tx, member.uid, content, now);
    return next;
  });

/**
 * POST /tournaments/{id}/finish: the host ends a points tournament once no round awaits review;
 * payouts follow the standings (ties share, DESIGN §9). Elimination finishes with its final.
 */
export async function finishTournament(uid: string, id: string, now: number, gate?: Gate) {
  // The tournament and its rows read side by side before the attempt, which starts from them (its
  // rows are still read by id, so one made since is seen and guarded): one call fewer in a row. A
  // malformed id is refused in the attempt, where the gate's refusal comes first.
  // The caller's account check starts first, beside them.
  const options = gated(gate);
  const before = await Promise.all([tournamentRef(id).get(), pointsCollection(id).get()]).catch(() => null);
  const known = before ? [before[0], ...before[1].docs] : [];
  return runOptimistic(
    async (tx) => {
      const tournament = await readTournament(tx, id);
      if (tournament.uid !== uid) throw notTheHost();
      if (tournament.state !== 'ONGOING') throw notOngoing();
      if (tournament.bracket !== 'POINTS')
        throw conflict('An elimination tournament finishes when its final is decided.', 'wrong-bracket');
      // Every entrant's row by id, so one that appeared since is seen by the commit's guards (a
      // query would not return it); the rows are made at the start, a missing one is guarded as missing.
      const rows = await Promise.all(tournament.participants.map((entrant) => tx.get(pointsRef(id, entrant.id))));
      const entries = rows.flatMap((doc) => (doc.exists ? [doc.data()!] : []));
      if (entries.some((entry) => entry.pending > 0))
        throw conflict('Review every submitted round before finishing.', 'points-pending');
      // Only entrants with accepted points are placed (DESIGN §9); with nobody placed there is no
      // one to pay: the host cancels instead, and everyone gets their fee back.
      const ranking = pointsRanking(entries, tournament.seeds ?? []);
      if (ranking.length === 0)
        throw conflict('Nobody has accepted points yet: accept some, or cancel to refund everyone.', 'no-scores');
      const finished = await finishInTransaction(
        tx,
        tournament,
        ranking,
        now,
        new Map(ranking.map((row) => [row.participant, row.rank])),
        null,
      );
      // Closed rows say the table is final (a submission or review racing the finish also reads the
      // tournament, whose change makes it run again and find the tournament over).
      for (const row of rows) if (row.exists) tx.update(row.ref, { closedAt: now });
      return { ...tournament, ...finished };
    },
    { ...options, known },
  );
}
