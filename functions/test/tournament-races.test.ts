import { DocumentReference } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { adminDb, call, checkLedger, createTournament, fundsOf, verifiedUser, type Body, type Player } from './helpers';
import {
  matchesOf,
  notificationsOf,
  proofOf,
  report,
  setWinner,
  started,
  sweep,
  tournamentOf,
} from './tournament-play-helpers';

/** Tournament commands racing the ones whose documents they read. */

describe('races between commands that read what the other writes', () => {
  const ROUNDS = 3;
  const submit = (who: Player, id: string, points: number) =>
    proofOf(who).then(({ body }) =>
      call<Body>(`/tournaments/points/${id}/submitPoints`, {
        token: who.token,
        body: { points, attachment: body.path },
      }),
    );
  const review = (host: Player, id: string, body: Body) =>
    call<Body>(`/tournaments/points/${id}/setParticipantPoints`, { token: host.token, body });
  const finish = (host: Player, id: string) => call<Body>(`/tournaments/${id}/finish`, { token: host.token, body: {} });
  const cancel = (host: Player, id: string) => call<Body>(`/tournaments/${id}/cancel`, { token: host.token, body: {} });
  const rowsOf = async (id: string) =>
    (await adminDb.collection(`tournaments/${id}/points`).get()).docs.map((doc) => doc.data() as Body);

  /** A points tournament in play where every player has one accepted round (so it can finish). */
  async function scored() {
    const game = await started(4, { bracket: 'POINTS', payoutStructure: 'top-3', entryFee: 0 });
    for (const [index, who] of game.players.entries()) {
      expect((await submit(who, game.id, 10 + index)).status).toBe(200);
      expect((await review(game.host, game.id, { participant: who.uid, points: 10 + index })).status).toBe(200);
    }
    return game;
  }

  it('finish against submitPoints: finished with every round reviewed, or the round kept and the finish refused', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { host, id, players } = await scored();
      const [finished, ...submitted] = await Promise.all([
        finish(host, id),
        ...players.slice(0, 2).map((who) => submit(who, id, 50)),
      ]);
      const tournament = await tournamentOf(id);
      const pending = (await rowsOf(id)).reduce((sum, row) => sum + (row.pending as number), 0);
      if (finished.status === 200) {
        expect(tournament.state).toBe('FINISHED');
        expect(pending).toBe(0);
        for (const answer of submitted) expect(answer.body).toMatchObject({ code: 'tournament-not-ongoing' });
        // The answer is what was stored (issue: answers that are not what was stored).
        expect(finished.body).toMatchObject({
          state: 'FINISHED',
          results: tournament.results,
          placings: tournament.placings,
          hostShare: tournament.hostShare,
        });
      } else {
        expect(finished.body).toMatchObject({ code: 'points-pending' });
        expect(tournament.state).toBe('ONGOING');
        expect(pending).toBe(submitted.filter((answer) => answer.status === 200).length);
        expect(pending).toBeGreaterThan(0);
      }
    }
  });

  it('a finish committing between a submission’s reads: the submission runs again and is refused (it was kept)', async () => {
    // In this process, so the finish can be made to land exactly there: after the submission read
    // the tournament (in play) and before it reads its row and commits.
    const { finishTournament, submitPoints } = await import('../src/tournaments/points-play');
    const { host, id, players } = await scored();
    const who = players[0]!;
    const rowPath = `tournaments/${id}/points/${who.uid}`;
    // The commands' document reads go out as one getAll per tick (platform/reads).
    const { db } = await import('../src/platform/firebase');
    const read = db.getAll.bind(db);
    let finishing: Promise<unknown> | null = null;
    const spy = vi.spyOn(db, 'getAll').mockImplementation(async (...refs) => {
      if (refs.some((ref) => ref instanceof DocumentReference && ref.path === rowPath) && !finishing) {
        finishing = finishTournament(host.uid, id, Date.now());
        await finishing;
      }
      return read(...refs);
    });
    try {
      const attachment = { path: `proofs/${who.uid}/race.png`, url: 'http://127.0.0.1/race.png' };
      await expect(
        submitPoints(who.uid, id, { points: 50, attachment, description: null }, Date.now()),
      ).rejects.toMatchObject({ code: 'tournament-not-ongoing' });
    } finally {
      spy.mockRestore();
    }
    expect(await finishing).toMatchObject({ state: 'FINISHED' });
    expect((await rowsOf(id)).map((row) => row.pending)).toEqual([0, 0, 0, 0]);
  });

  it('finish against setParticipantPoints: the results follow every review that was accepted', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { host, id, players } = await scored();
      const last = players[0]!;
      // The host changes the lowest player's round to the top score while finishing.
      const [reviewed, finished] = await Promise.all([
        review(host, id, { participant: last.uid, points: 99, description: 'Recounted.', round: 0 }),
        finish(host, id),
      ]);
      expect(finished.status).toBe(200);
      const tournament = await tournamentOf(id);
      const results = tournament.results as { participant: string; place: number }[];
      if (reviewed.status === 200) expect(results[0]).toMatchObject({ participant: last.uid, place: 1 });
      else {
        expect(reviewed.body).toMatchObject({ code: 'tournament-not-ongoing' });
        expect(results.at(-1)).toMatchObject({ participant: last.uid });
      }
      const row = (await rowsOf(id)).find((entry) => entry.participant === last.uid)!;
      expect(row.total).toBe(reviewed.status === 200 ? 99 : 10);
    }
  });

  /** Round one's first match with one side's report in: the other side's agreeing report decides it. */
  async function halfReported() {
    const game = await started(4);
    const match = (await matchesOf(game.id)).find((item) => item.state === 'READY')!;
    const [a, b] = match.participants.map((side) => game.player(side)) as [Player, Player];
    expect((await report(a, game.id, match.id, a.uid)).status).toBe(200);
    return { ...game, match, a, b };
  }

  /** A cancelled tournament leaves nothing open: no match waits for reports, every fee came back once. */
  async function expectCleanlyCancelled(id: string, players: Player[]) {
    expect((await tournamentOf(id)).state).toBe('CANCELLED');
    expect((await matchesOf(id)).filter((match) => match.deadline)).toEqual([]);
    for (const player of players) expect(await fundsOf(player.uid)).toBe(1000);
  }

  it('cancel against a deciding report: the report lands before the cancel, or is refused', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { host, id, players, match, a, b } = await halfReported();
      const [reported, cancelled] = await Promise.all([report(b, id, match.id, a.uid), cancel(host, id)]);
      expect(cancelled.status).toBe(200);
      if (reported.status !== 200) expect(reported.body).toMatchObject({ code: 'tournament-not-ongoing' });
      else expect((await matchesOf(id)).find((item) => item.id === match.id)).toMatchObject({ winner: a.uid });
      await expectCleanlyCancelled(id, players);
    }
  });

  it('cancel against the host setting a winner: decided before the cancel, or refused', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { host, id, players, match, a } = await halfReported();
      const [decided, cancelled] = await Promise.all([
        setWinner(host, id, match.id, a.uid, 'Seen on stream.'),
        cancel(host, id),
      ]);
      expect(cancelled.status).toBe(200);
      if (decided.status !== 200) expect(decided.body).toMatchObject({ code: 'tournament-not-ongoing' });
      await expectCleanlyCancelled(id, players);
    }
  });

  it('the start against a player leaving: in the bracket with the fee held, or out with it back', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const host = await verifiedUser();
      const startTime = Date.now() + 20 * 60_000;
      const { body } = await createTournament(host.token, { entryFee: 130, payoutStructure: 'top-2', startTime });
      const players = await Promise.all(Array.from({ length: 5 }, () => verifiedUser(1000)));
      for (const player of players)
        expect((await call(`/tournaments/${body.id}/join`, { token: player.token, body: {} })).status).toBe(200);
      const leaver = players[4]!;
      const [left] = await Promise.all([
        call<Body>(`/tournaments/${body.id}/leave`, { token: leaver.token, body: {} }),
        sweep(startTime, [body.id]),
      ]);
      const tournament = await tournamentOf(body.id);
      expect(tournament.state).toBe('ONGOING');
      const seeded = (tournament.seeds as string[]).includes(leaver.uid);
      if (left.status === 200) {
        expect(seeded).toBe(false);
        expect(await fundsOf(leaver.uid)).toBe(1000);
      } else {
        expect(left.body).toMatchObject({ code: 'tournament-not-open' });
        expect(seeded).toBe(true);
        expect(await fundsOf(leaver.uid)).toBe(870);
      }
    }
    await checkLedger();
  });

  it('partyReady against a member leaving: an entrant only while the party is whole and ready', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const host = await verifiedUser();
      const created = await createTournament(host.token, { game: 'rocket-league', gameFormat: 'TEAM', teamSize: 2 });
      const id = created.body.id;
      const act = (who: Player, action: string, body: Body = {}) =>
        call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
      const [leader, mate] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
      const party = (await act(leader, 'createParty', { teamName: 'Racers' })).body.uid as string;
      await act(leader, `inviteToParty/${mate.uid}`);
      expect((await act(mate, `joinParty/${party}`)).status).toBe(200);
      const [ready, left] = await Promise.all([act(leader, 'partyReady'), act(mate, 'leaveParty')]);
      expect(left.status).toBe(200);
      const tournament = await tournamentOf(id);
      const stored = (await adminDb.doc(`tournaments/${id}/parties/${party}`).get()).data() as Body;
      // The leave always lands (before or after the ready): the party is one short and not an entrant.
      expect(stored).toMatchObject({ ready: false, participants: [{ uid: leader.uid }] });
      expect(tournament).toMatchObject({
        participantCount: 0,
        joinedParties: { [party]: { ready: false, memberCount: 1 } },
      });
      if (ready.status === 200)
        // Its answer is the state it stored, before the leave: the party ready and entered.
        expect(ready.body).toMatchObject({ participantCount: 1, joinedParties: { [party]: { ready: true } } });
      else expect(ready.body).toMatchObject({ code: 'party-wrong-size' });
      // The host hears the team joined and left only when it was entered in between (record 163).
      const heard = await Promise.all(
        ['USER_JOINED_ADMIN_TOURNAMENT', 'USER_LEFT_ADMIN_TOURNAMENT'].map(
          async (type) => (await notificationsOf(host.uid, type)).length,
        ),
      );
      expect(heard).toEqual(ready.status === 200 ? [1, 1] : [0, 0]);
    }
  });
});
