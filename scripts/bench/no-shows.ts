// npm run bench:tournaments -- --no-shows 25% [--format single|double|round-robin|swiss|all]
// Issue #60: a 32-player paid event with check-in per match (5 minutes, the higher seed when neither
// side comes) runs from its start to its payout with no host action, while a share of the players
// never check in or report. The others check in and report at once; the clock is the production
// sweeper's, a pass every 60 s, 37 s out of phase with the start (the sweep's own code,
// closeMatchWindows, in this process). Prints per format: the matches decided by no-show, the in-app alerts sent by kind, the
// duplicates (must be 0), the longest wait of a ready match past its deadline (at most one pass) and
// whether it finished with its payouts. Ends with check:ledger's verdict.
import { benchTournament, offSiteDeliveries, pushDeviceFor, type startBench } from './common';

type Bench = Awaited<ReturnType<typeof startBench>>;
type User = Awaited<ReturnType<Bench['benchUser']>>;

const SWEEP_EVERY_MS = 60_000;
/** The sweeper's schedule owes nothing to a tournament's start: its passes fall 37 s after the minute. */
const SWEEP_PHASE_MS = 37_000;
const CHECK_IN_MINUTES = 5;

export interface NoShowResult {
  format: string;
  finished: boolean;
  matches: number;
  noShows: number;
  doubleAbsent: number;
  alerts: Record<string, number>;
  duplicates: number;
  /** Off the site (issue #60): what the outbox sent per channel, and copies received twice. */
  sent: { email: number; push: number };
  offSiteDuplicates: number;
  /** Alerts still PENDING or FAILED when the event was over (must be 0). */
  undelivered: number;
  longestWaitMs: number;
  hostActions: number;
}

export async function runNoShows(
  bench: Bench,
  options: { bracket: string; host: User; players: User[]; share: number; run: string; fee: number },
): Promise<NoShowResult> {
  const { db, api } = bench;
  const { closeMatchWindows } = await import('../../functions/src/tournaments/play');
  const { startTournament } = await import('../../functions/src/tournaments/start');
  const { bracket, host, players, share, run, fee } = options;
  // Every player allows pushes on one device (of the push stand-in) and keeps the default choices.
  const devices = new Map<string, string>();
  await Promise.all(players.map(async (player) => devices.set(player.uid, await pushDeviceFor(api, player.token))));
  const startTime = Date.now() + 20 * 60_000;
  const tournament = await api(
    '/tournaments/create',
    host.token,
    benchTournament({
      size: 32,
      bracket,
      entryFee: fee,
      payoutStructure: bracket === 'ELIMINATION' ? 'top-2' : 'top-3',
      checkInMinutes: CHECK_IN_MINUTES,
      bothAbsent: 'HIGHER_SEED',
      name: `No-show Cup ${run} ${bracket.toLowerCase()}`,
      description: 'A benchmark tournament: a share of the players never shows up.',
      rules: 'None.',
      startTime,
    }),
  );
  const id = String(tournament.id);
  await Promise.all(players.map((player) => api(`/tournaments/${id}/join`, player.token, {})));
  if ((await startTournament(id, startTime)) !== 'started') throw new Error(`${id} did not start`);
  // Every fourth (or the share's) player in seed order never shows up: strong and weak seeds alike.
  const seeds = (await db.doc(`tournaments/${id}`).get()).get('seeds') as string[];
  const step = Math.max(1, Math.round(1 / share));
  const absent = new Set(seeds.filter((_, index) => index % step === step - 1));
  const byUid = new Map(players.map((player) => [player.uid, player]));
  const path = (match: string, action: string) => `/tournaments/elimination/${id}/match/${match}/${action}`;

  let clock = startTime;
  let longestWaitMs = 0;
  const handled = new Set<string>();
  for (let pass = 0; pass < 2_000; pass += 1) {
    const ready = (await db.collection(`tournaments/${id}/matches`).where('state', '==', 'READY').get()).docs;
    if ((await db.doc(`tournaments/${id}`).get()).get('state') !== 'ONGOING') break;
    // The players who show up act on each ready match once: both there, they agree on the first;
    // one there, they check in and wait for the clock.
    await Promise.all(
      ready
        .filter((doc) => !handled.has(`${doc.id}@${String(doc.get('readyAt'))}`))
        .flatMap((doc) => {
          handled.add(`${doc.id}@${String(doc.get('readyAt'))}`);
          const sides = (doc.get('participants') as string[]).filter(Boolean);
          const there = sides.filter((side) => !absent.has(side));
          return there.map((side) =>
            there.length === 2
              ? api(path(doc.id, 'report'), byUid.get(side)!.token, { winnerUid: there[0] })
              : api(path(doc.id, 'checkIn'), byUid.get(side)!.token, {}),
          );
        }),
    );
    // The sweeper's next pass that finds something due, as production's would (every 60 s).
    const waiting = (await db.collection(`tournaments/${id}/matches`).where('state', '==', 'READY').get()).docs;
    const due = waiting.map((doc) => doc.get('deadline') as number | null).filter((at): at is number => at !== null);
    if (due.length === 0) continue;
    const soonest = Math.min(...due);
    const first = startTime + SWEEP_PHASE_MS;
    clock = Math.max(clock, first + Math.max(0, Math.ceil((soonest - first) / SWEEP_EVERY_MS)) * SWEEP_EVERY_MS);
    // Matches made ready by a report carry the host's real clock, behind this one: they are swept at
    // the next pass, and their wait is not this clock's to tell. The others' is.
    for (const doc of waiting) {
      const deadline = doc.get('deadline') as number | null;
      if (deadline !== null && deadline >= startTime && deadline <= clock)
        longestWaitMs = Math.max(longestWaitMs, clock - deadline);
    }
    await closeMatchWindows(id, clock);
  }

  const matches = (await db.collection(`tournaments/${id}/matches`).get()).docs.map((doc) => doc.data());
  const decided = matches.filter((match) => match.state === 'COMPLETED');
  // The alerts each player got, by kind; the same alert twice for one match is a duplicate.
  const alerts: Record<string, number> = {};
  const seen = new Map<string, number>();
  await Promise.all(
    seeds.map(async (uid) => {
      const notices = await db.collection(`users/${uid}/notifications`).where('tournament.id', '==', id).get();
      for (const notice of notices.docs) {
        const type = String(notice.get('type'));
        alerts[type] = (alerts[type] ?? 0) + 1;
        const key = `${uid} ${type} ${String(notice.get('match') ?? '')} ${String(notice.get('reasoning') ?? '')}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }),
  );
  const offSite = await offSiteDeliveries(
    db,
    seeds,
    players.map((player) => player.email),
    [...devices.values()],
  );
  const state = (await db.doc(`tournaments/${id}`).get()).get('state') as string;
  return {
    ...offSite,
    format: bracket,
    finished: state === 'FINISHED',
    matches: decided.length,
    noShows: decided.filter((match) => match.outcome === 'NO_SHOW').length,
    doubleAbsent: decided.filter((match) => match.outcome === 'NO_SHOW' && (match.forfeited ?? []).length === 2).length,
    alerts,
    duplicates: [...seen.values()].filter((count) => count > 1).reduce((sum, count) => sum + count - 1, 0),
    longestWaitMs,
    hostActions: decided.filter((match) => match.outcome === 'HOST').length,
  };
}
