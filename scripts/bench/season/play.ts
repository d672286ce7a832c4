// What bench:season's players do: a battle from challenge to its end by its kind, and a tournament
// from creation to its end by its plan (plans.ts), each through the season's calls (calls.ts).
import type { Firestore } from 'firebase-admin/firestore';
import { sandbox, benchTournament } from '../common';
import { type Body, type Person, pick } from './calls';
import { DAY, FEE, GAMES, PLANS } from './plans';

/** What the plays share with the season: its calls, its people and what it keeps count of. */
export interface Season {
  db: Firestore;
  run: string;
  command: (
    route: string,
    path: string,
    who: Person | null,
    body: unknown,
    allowed?: string[],
  ) => Promise<Body | undefined>;
  sweep: (now: number, scope: Body) => Promise<Body | undefined>;
  proof: (who: Person) => Promise<string | undefined>;
  count: (what: string) => void;
  admin: Person;
  players: Person[];
  /** Players with game accounts linked (Riot's puuid, Dota 2's id), and the others. */
  linked: Person[];
  unlinked: Person[];
  puuid: Map<string, string>;
  dotaId: Map<string, string>;
  /** Players withdrawing today, who play nothing. */
  cashing: Set<string>;
  ours: { battles: string[]; challenges: string[]; tournaments: string[]; orders: string[] };
  gameDecided: { battles: number; matches: number };
}

export function seasonPlays(season: Season) {
  const {
    db,
    run,
    command,
    sweep,
    proof,
    count,
    admin,
    players,
    linked,
    unlinked,
    puuid,
    dotaId,
    cashing,
    ours,
    gameDecided,
  } = season;
  const hosts = new Set<string>();
  /** One battle from challenge to its end (or to the sweeper), by its kind. */
  async function battle(a: Person, b: Person, kind: number) {
    const byGame = kind === 19;
    const sent = await command('POST /battles/challenge', '/battles/challenge', a, {
      opponent: b.uid,
      game: byGame ? 'dota-2' : 'valorant',
      entryFee: FEE,
      terms: true,
    });
    if (!sent) return;
    const challenge = String(sent.id);
    ours.challenges.push(challenge);
    if (kind === 18) {
      await command('POST /battles/challenges/:id/decline', `/battles/challenges/${challenge}/decline`, b, {});
      return count('battle declined');
    }
    const accepted = await command(
      'POST /battles/challenges/:id/accept',
      `/battles/challenges/${challenge}/accept`,
      b,
      {},
    );
    if (!accepted) return;
    const id = String(accepted.id);
    ours.battles.push(id);
    const winner = Math.random() < 0.5 ? a : b;
    const loser = winner === a ? b : a;
    const battlePath = `/battles/${id}`;
    if (byGame) {
      await sandbox(GAMES, '/matches', {
        game: 'dota-2',
        winners: [dotaId.get(winner.uid)],
        losers: [dotaId.get(loser.uid)],
        // A second after the battle began: days pass in seconds here, and a game must not look as if
        // it were played after the pair's next battle began (it would decide that one instead).
        startedAt: Number((await db.doc(`battles/${id}`).get()).get('createdAt')) + 1_000,
      });
      const checked = await command('POST /battles/:id/checkGame', `${battlePath}/checkGame`, a, {});
      if (checked?.found) gameDecided.battles += 1;
      return count('battle decided by the game');
    }
    if (kind === 17) return count('battle never reported (cancelled by the sweeper)');
    await command('POST /battles/:id/submitWinner', `${battlePath}/submitWinner`, a, { winner: winner.uid });
    if (kind === 15 || kind === 16) return count('battle report left unanswered (stands at the window)');
    if (kind === 14) {
      const [proofB, proofA] = [await proof(b), await proof(a)];
      const story = { story: 'The score screen says otherwise.' };
      await command('POST /battles/:id/dispute', `${battlePath}/dispute`, b, { ...story, proof: proofB });
      await command('POST /battles/:id/dispute', `${battlePath}/dispute`, a, { ...story, proof: proofA });
      await command('POST /admin/battles/:id/decide', `/admin/battles/${id}/decide`, admin, {
        winner: loser.uid,
        reasoning: 'The replay shows it.',
      });
      return count('battle disputed, decided by an admin');
    }
    await command('POST /battles/:id/confirm', `${battlePath}/confirm`, b, {});
    count('battle confirmed');
  }

  /** One tournament from creation to its end (or to the sweeper's clock). */
  async function tournament(k: number) {
    const plan = PLANS[k % PLANS.length]!;
    const swissBestOf = plan.bracket === 'SWISS' && Math.floor(k / PLANS.length) % 2 === 0 ? 1 : plan.bestOf;
    const pool = (plan.play === 'game' ? linked : unlinked).filter((player) => !cashing.has(player.uid));
    // A host hosts once: every tournament starts on the same real day here, and a host may start one
    // free tournament a day.
    const host = pick(
      players.filter((player) => !hosts.has(player.uid) && !cashing.has(player.uid)),
      1,
    )[0]!;
    hosts.add(host.uid);
    const entrants = pick(
      pool.filter((player) => player !== host),
      plan.entrants * (plan.team ? 2 : 1),
    );
    const startTime = Date.now() + 20 * 60_000;
    const created = await command(
      'POST /tournaments/create',
      '/tournaments/create',
      host,
      benchTournament({
        game: plan.game,
        gameFormat: plan.team ? 'TEAM' : 'SOLO',
        teamSize: plan.team ? 2 : 1,
        size: plan.size,
        bracket: plan.bracket,
        entryFee: plan.paid ? FEE : 0,
        payoutStructure: plan.paid ? (plan.bracket === 'ELIMINATION' ? 'top-2' : 'top-3') : 'winner-takes-all',
        ...(plan.bracket === 'SWISS' ? { bestOf: swissBestOf } : {}),
        ...(plan.bracket === 'DOUBLE_ELIMINATION' ? { grandFinalReset: true } : {}),
        name: `Season ${run} Cup ${k}`,
        description: 'A tournament of the simulated season.',
        rules: 'Play fair.',
        startTime,
      }),
    );
    if (!created) return;
    const id = String(created.id);
    ours.tournaments.push(id);
    const act = (who: Person, action: string, body: Body = {}, allowed: string[] = []) =>
      command(`POST /tournaments/:id/${action.split('/')[0]}`, `/tournaments/${id}/${action}`, who, body, allowed);
    /** Who reports for an entrant: the player, or the party's leader. */
    const leaderOf = new Map<string, Person>();
    if (plan.team) {
      for (let index = 0; index < plan.entrants; index += 1) {
        const [leader, mate] = [entrants[2 * index]!, entrants[2 * index + 1]!];
        const party = await act(leader, 'createParty', { teamName: `S${run} ${k}-${index}` });
        if (!party) continue;
        await command(
          'POST /tournaments/:id/inviteToParty/:userUid',
          `/tournaments/${id}/inviteToParty/${mate.uid}`,
          leader,
          {},
        );
        await command(
          'POST /tournaments/:id/joinParty/:partyUid',
          `/tournaments/${id}/joinParty/${String(party.uid)}`,
          mate,
          {},
        );
        await act(leader, 'partyReady');
        leaderOf.set(String(party.uid), leader);
      }
    } else {
      await Promise.all(
        entrants.map(async (player) => (await act(player, 'join')) && leaderOf.set(player.uid, player)),
      );
    }
    await sweep(startTime + 1_000, { tournaments: [id] });
    const state = async () => (await db.doc(`tournaments/${id}`).get()).get('state') as string;
    if (plan.play === 'too-few') return count(`tournament ${await state()} (too few players)`);
    const members = [...leaderOf.values()];
    await Promise.all(
      pick([host, ...members], 3).map((who) =>
        command('POST /rooms/:id/sendMessage', `/rooms/${id}/sendMessage`, who, { message: `GL HF from ${who.index}` }),
      ),
    );
    if (plan.play === 'left') {
      // Nobody plays: the sweeper's clock, two days on and then four, decides what becomes of it.
      await sweep(startTime + 2 * DAY, { tournaments: [id] });
      await sweep(startTime + 4 * DAY, { tournaments: [id] });
      return count(`tournament left unplayed → ${await state()}`);
    }
    if (plan.bracket === 'POINTS') {
      for (const player of members) {
        const attachment = await proof(player);
        await command('POST /tournaments/points/:id/submitPoints', `/tournaments/points/${id}/submitPoints`, player, {
          points: 10 + player.index,
          attachment,
        });
        await command(
          'POST /tournaments/points/:id/setParticipantPoints',
          `/tournaments/points/${id}/setParticipantPoints`,
          host,
          {
            participant: player.uid,
            points: 10 + player.index,
          },
        );
      }
      await act(host, 'finish');
      return count(`tournament POINTS → ${await state()}`);
    }
    for (let wave = 0; wave < 100; wave += 1) {
      const ready = (await db.collection(`tournaments/${id}/matches`).where('state', '==', 'READY').get()).docs;
      if (ready.length === 0) break;
      await Promise.all(
        ready.map(async (doc, index) => {
          const sides = doc.get('participants') as string[];
          const [first, second] = sides.map((side) => leaderOf.get(side)!);
          if (!first || !second) return;
          const report = `POST /tournaments/elimination/:id/match/:matchUid/report`;
          const path = `/tournaments/elimination/${id}/match/${doc.id}`;
          const bestOf = (doc.get('bestOf') as number | undefined) ?? 1;
          const score = bestOf > 1 ? { score: [Math.ceil(bestOf / 2), 1] } : {};
          if (plan.play === 'game') {
            await sandbox(GAMES, '/matches', {
              game: 'league-of-legends',
              winners: [puuid.get(first.uid)],
              losers: [puuid.get(second.uid)],
              startedAt: Number(doc.get('readyAt')) + 60_000,
            });
            const checked = await command(
              'POST /tournaments/elimination/:id/match/:matchUid/checkGame',
              `${path}/checkGame`,
              first,
              {},
            );
            if (checked?.found) gameDecided.matches += 1;
            return;
          }
          if ((wave + index) % 10 === 3) {
            // A dispute: each side names itself; the host settles it.
            await Promise.all([
              command(report, `${path}/report`, first, { winnerUid: sides[0], ...score }),
              command(report, `${path}/report`, second, { winnerUid: sides[1], ...score }),
            ]);
            await command('POST /tournaments/elimination/:id/match/:matchUid/setWinner', `${path}/setWinner`, host, {
              winnerUid: sides[0],
              ...score,
              reasoning: 'The replay shows it.',
            });
            return;
          }
          await Promise.all([
            command(report, `${path}/report`, first, { winnerUid: sides[0], ...score }),
            command(report, `${path}/report`, second, { winnerUid: sides[0], ...score }),
          ]);
        }),
      );
    }
    count(
      `tournament ${plan.bracket}${plan.team ? ' (team)' : ''}${plan.play === 'game' ? ' (by the game)' : ''} → ${await state()}`,
    );
  }
  return { battle, tournament };
}
