// bench:soak's tournaments: every few minutes a paid bracket of 8 and a paid points tournament of 8,
// started by the sweeper's clock (as in bench:season) and played through; each one's room is live
// (its members chat, a tab watches it) until five minutes after its end.
import { benchTournament } from '../common';
import type { Firestore } from 'firebase-admin/firestore';
import type { Player } from './calls';
import { sleep } from './stack';

export function soakTournaments({
  db,
  players,
  live,
  call,
  enough,
  proofImage,
  run,
  fee: FEE,
  minutes: MINUTES,
  thinkMs: THINK_MS,
  everyMs: TOURNAMENT_EVERY_MS,
}: {
  db: Firestore;
  players: Player[];
  live: { tournaments: { id: string; members: Set<string> }[] };
  call: (
    who: Player | null,
    route: string,
    path: string,
    body?: unknown,
  ) => Promise<Record<string, unknown> | undefined>;
  /** Buys coins when the player has fewer than `coins`. */
  enough: (player: Player, coins: number) => Promise<unknown>;
  proofImage: Buffer;
  run: string;
  fee: number;
  minutes: number;
  thinkMs: number;
  everyMs: number;
}) {
  const played = { count: 0 };
  const tournamentResults = new Map<string, number>();
  async function tournament(kind: 'ELIMINATION' | 'POINTS', host: Player, entrants: Player[]) {
    const startTime = Date.now() + 16 * 60_000;
    const created = await call(
      host,
      'POST /tournaments/create',
      '/tournaments/create',
      benchTournament({
        size: 8,
        bracket: kind,
        entryFee: FEE,
        payoutStructure: 'top-2',
        name: `Soak ${run} ${kind === 'POINTS' ? 'Points' : 'Bracket'} ${played.count + 1}`,
        description: 'A tournament of the soak.',
        rules: 'Play fair.',
        startTime,
      }),
    );
    if (!created) return;
    const id = String(created.id);
    played.count += 1;
    await Promise.all(entrants.map((player) => enough(player, FEE)));
    await Promise.all(entrants.map((player) => call(player, 'POST /tournaments/:id/join', `/tournaments/${id}/join`)));
    await call(null, 'POST /internal/sweep', '/internal/sweep', { now: startTime + 1_000, tournaments: [id] });
    const room = { id, members: new Set([host.uid, ...entrants.map((player) => player.uid)]) };
    live.tournaments.push(room);
    const byUid = new Map(entrants.map((player) => [player.uid, player]));
    if (kind === 'POINTS') {
      for (const player of entrants) {
        await sleep(THINK_MS);
        const proof = await call(player, 'POST /uploads/proof', '/uploads/proof', proofImage);
        const points = 10 + player.index;
        await call(player, 'POST /tournaments/points/:id/submitPoints', `/tournaments/points/${id}/submitPoints`, {
          points,
          attachment: proof?.path,
        });
        await call(
          host,
          'POST /tournaments/points/:id/setParticipantPoints',
          `/tournaments/points/${id}/setParticipantPoints`,
          {
            participant: player.uid,
            points,
          },
        );
      }
      await call(host, 'POST /tournaments/:id/finish', `/tournaments/${id}/finish`);
    } else {
      for (let wave = 0; wave < 10; wave += 1) {
        const ready = (await db.collection(`tournaments/${id}/matches`).where('state', '==', 'READY').get()).docs;
        if (ready.length === 0) break;
        await sleep(THINK_MS * 2);
        await Promise.all(
          ready.map(async (match) => {
            const sides = match.get('participants') as string[];
            const path = `/tournaments/elimination/${id}/match/${match.id}/report`;
            const route = 'POST /tournaments/elimination/:id/match/:matchUid/report';
            for (const side of sides) await call(byUid.get(side)!, route, path, { winnerUid: sides[0] });
          }),
        );
      }
    }
    const state = (await db.doc(`tournaments/${id}`).get()).get('state') as string;
    tournamentResults.set(`${kind} → ${state}`, (tournamentResults.get(`${kind} → ${state}`) ?? 0) + 1);
    // Chat goes on a while after the end, then the room is left.
    setTimeout(() => live.tournaments.splice(live.tournaments.indexOf(room), 1), 5 * 60_000).unref();
  }

  async function tournamentLoop(until: number) {
    let cycle = 0;
    // None starts in the last two minutes (half the run, in a short one), so each can finish.
    while (performance.now() < until - Math.min(2 * 60_000, (MINUTES * 60_000) / 2)) {
      const started = performance.now();
      const order = [...players].sort(() => Math.random() - 0.5);
      const [hostA, hostB] = [order[0]!, order[1]!];
      await Promise.all([
        tournament('ELIMINATION', hostA, order.slice(2, 10)),
        tournament('POINTS', hostB, order.slice(10, 18).length === 8 ? order.slice(10, 18) : order.slice(2, 10)),
      ]);
      cycle += 1;
      await sleep(
        Math.max(0, Math.min(TOURNAMENT_EVERY_MS - (performance.now() - started), until - performance.now())),
      );
    }
    return cycle;
  }

  return { tournamentLoop, tournamentResults };
}
