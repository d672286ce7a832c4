import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDb, call, createTournament, verifiedUser, type Body, type Player } from './helpers';

/** Standing (issue 14): the statistics, trophies, badges and history the commands keep. */

interface Match {
  id: string;
  round: number;
  state: string;
  participants: (string | null)[];
}

const month = () => new Date().toISOString().slice(0, 7);
const statsOf = async (uid: string) => (await adminDb.doc(`player_statistics/${uid}`).get()).data() as Body;
const monthOf = async (uid: string) =>
  (await adminDb.doc(`player_statistics_months/${month()}/players/${uid}`).get()).data() as Body | undefined;
const profileOf = async (uid: string) => (await adminDb.doc(`users/${uid}`).get()).data() as Body;
const historyOf = async (uid: string) =>
  (await adminDb.collection(`users/${uid}/history`).orderBy('at', 'desc').get()).docs.map((doc) => doc.data());

async function battle(fee: number, winnerIsChallenger = true) {
  const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
  const sent = await call<Body>('/battles/challenge', {
    token: a.token,
    body: { opponent: b.uid, game: 'valorant', entryFee: fee, terms: true },
  });
  const accepted = await call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, {
    token: b.token,
    method: 'POST',
  });
  const id = accepted.body.id as string;
  const winner = winnerIsChallenger ? a : b;
  expect((await call(`/battles/${id}/submitWinner`, { token: a.token, body: { winner: winner.uid } })).status).toBe(
    200,
  );
  expect((await call(`/battles/${id}/confirm`, { token: b.token, method: 'POST' })).status).toBe(200);
  return { a, b, id };
}

describe('statistics kept by the commands', () => {
  it('a new account is an alpha player with nothing played', async () => {
    const player = await verifiedUser();
    const stats = await statsOf(player.uid);
    expect(stats.badges).toEqual({ alpha: expect.any(Number) });
    expect(stats.trophies ?? 0).toBe(0);
    expect(await historyOf(player.uid)).toEqual([]);
  });

  it('a battle counts for both players, all time and this month, with history and a first win', async () => {
    const { a, b, id } = await battle(130);
    expect(await statsOf(a.uid)).toMatchObject({
      battlesPlayed: 1,
      battleVictories: 1,
      battleCoinsWon: 260,
      badges: { alpha: expect.any(Number), 'first-win': expect.any(Number) },
    });
    expect(await statsOf(b.uid)).toMatchObject({ battlesPlayed: 1 });
    expect((await statsOf(b.uid)).battleCoinsWon ?? 0).toBe(0);
    expect((await statsOf(b.uid)).badges).not.toHaveProperty('first-win');
    expect(await monthOf(a.uid)).toMatchObject({ uid: a.uid, month: month(), battleVictories: 1, battleCoinsWon: 260 });
    expect(await monthOf(b.uid)).toMatchObject({ battlesPlayed: 1 });
    expect((await monthOf(b.uid))?.battleVictories ?? 0).toBe(0);
    expect(await historyOf(a.uid)).toEqual([
      expect.objectContaining({
        kind: 'battle',
        ref: id,
        won: true,
        coins: 260,
        opponent: { uid: b.uid, displayName: b.displayName },
      }),
    ]);
    expect(await historyOf(b.uid)).toEqual([
      expect.objectContaining({ kind: 'battle', ref: id, won: false, coins: -130 }),
    ]);
    // A second win keeps the first win's date.
    const first = ((await statsOf(a.uid)).badges as Body)['first-win'];
    expect(await profileOf(a.uid)).toMatchObject({ statsData: { battlesPlayed: 1, victories: 1 } });
    expect(first).toBeGreaterThan(0);
  });

  it('a finished tournament gives trophies by place, prizes, the host share, history and a champion', async () => {
    const host = await verifiedUser();
    const startTime = Date.now() + 20 * 60_000;
    const created = await createTournament(host.token, {
      name: `Standing Cup ${randomUUID().slice(0, 6)}`,
      entryFee: 130,
      payoutStructure: 'top-2',
      startTime,
    });
    const id = created.body.id as string;
    const players = await Promise.all(Array.from({ length: 4 }, () => verifiedUser(500)));
    for (const player of players)
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
    await call('/internal/sweep', { body: { now: startTime, tournaments: [id] } });
    const byUid = new Map<string, Player>(players.map((player) => [player.uid, player]));
    // Play every ready match, the first side winning, until the tournament is over.
    for (let round = 0; round < 4; round += 1) {
      const ready = (
        await adminDb.collection(`tournaments/${id}/matches`).where('state', '==', 'READY').get()
      ).docs.map((doc) => doc.data() as Match);
      for (const match of ready) {
        const [first, second] = match.participants as [string, string];
        for (const side of [first, second])
          expect(
            (
              await call(`/tournaments/elimination/${id}/match/${match.id}/report`, {
                token: byUid.get(side)!.token,
                body: { winnerUid: first },
              })
            ).status,
          ).toBe(200);
      }
    }
    const tournament = (await adminDb.doc(`tournaments/${id}`).get()).data() as {
      state: string;
      hostShare: number;
      placings: Record<string, number>;
    };
    expect(tournament.state).toBe('FINISHED');
    const place = (n: number) =>
      Object.entries(tournament.placings)
        .filter(([, placed]) => placed === n)
        .map(([participant]) => participant);
    const [champion] = place(1) as [string];
    const [runnerUp] = place(2) as [string];
    const semis = place(3);
    expect(semis).toHaveLength(2);

    expect(await statsOf(champion)).toMatchObject({
      tournamentsPlayed: 1,
      tournamentsWon: 1,
      trophies: 10,
      tournamentCoinsWon: 328,
      badges: { champion: expect.any(Number), 'first-win': expect.any(Number) },
    });
    expect(await statsOf(runnerUp)).toMatchObject({
      tournamentsPlayed: 1,
      tournamentsWon: 0,
      trophies: 6,
      tournamentCoinsWon: 140,
    });
    for (const uid of semis) expect(await statsOf(uid)).toMatchObject({ tournamentsPlayed: 1, trophies: 3 });
    expect(await profileOf(champion)).toMatchObject({ trophies: 10 });
    expect(await monthOf(champion)).toMatchObject({ trophies: 10, tournamentsWon: 1 });
    expect(await statsOf(host.uid)).toMatchObject({ tournamentsHosted: 1, hostCoinsEarned: 52 });
    expect(tournament.hostShare).toBe(52);

    // History: the champion's two matches and the finish, newest first; the host's hosted line.
    const lines = await historyOf(champion);
    expect(lines.map((line) => line.kind).sort()).toEqual(['match', 'match', 'tournament']);
    expect(lines.find((line) => line.kind === 'tournament')).toMatchObject({
      ref: id,
      place: 1,
      coins: 328,
      trophies: 10,
    });
    expect(lines.find((line) => line.kind === 'tournament')).not.toHaveProperty('placeTo');
    // The semi-finals' losers share 3rd–4th, and their lines say so.
    for (const uid of semis)
      expect((await historyOf(uid)).find((line) => line.kind === 'tournament')).toMatchObject({
        place: 3,
        placeTo: 4,
      });
    expect(lines.filter((line) => line.kind === 'match').every((line) => line.won === true)).toBe(true);
    // The runner-up won the semi-final and lost the final.
    const runnerUpMatches = (await historyOf(runnerUp))
      .filter((line) => line.kind === 'match')
      .sort((a, b) => (a.round as number) - (b.round as number));
    expect(runnerUpMatches.map((line) => line.won)).toEqual([true, false]);
    expect(await historyOf(host.uid)).toEqual([
      expect.objectContaining({ kind: 'hosted', ref: id, participants: 4, coins: 52 }),
    ]);
  });
});
