// npm run bench:season [-- --players 400 --tournaments 40 --battles 2000]
// A simulated month of Versus (issue #23) through the one-process host (scripts/lib/api-host.mjs)
// on the emulators, with the PayPal and game stand-ins. Commands run at the real clock; the
// month passes through the sweeper's `now` (POST /internal/sweep, scoped to the season's own
// battles and tournaments), which starts tournaments, closes report windows and times out what
// nobody plays. Thirty days, each with its share of:
//   - battles (wagered, 130 coins): confirmed; a report left unanswered (the window closes on it);
//     disputed with proof on both sides and decided by an admin; accepted and never reported
//     (cancelled and refunded); declined; and, between players with linked game accounts, Dota 2
//     battles decided by the game's record ("Check with the game"; never a Riot game, issue #58);
//   - tournaments of 8, 16 and 32: single and double elimination, round robin, Swiss (some in best
//     of 3), points; paid and free; solo and team (parties of two); some cancelled at the start for
//     too few players, some left to time out, some League of Legends ones decided by the game; chat
//     in every one that starts, a dispute in one match of ten settled by the host;
//   - follows;
// and on the first day every player buys coins (one in ten with a creator's code); in the second
// half, players with played coins withdraw, each on a day of their own or at the month's end; on
// the last day creators redeem. A progress bar per day; at the end a table per command: p50/p95
// beside the authenticated no-op in the same run (over the run and in the same 10-second windows),
// its own part where it calls PayPal or the game's API, its p95 less its wait on Firestore too, and
// its median wait on Firestore (both timed by the host), Firestore reads and writes per call
// counted by the host, errors by code, lost races, stuck things (anything left undecided past its
// deadline: must be 0), the alerts off the site sent by e-mail and push (every player has a push
// device of the stand-in) and any that arrived twice or stayed undelivered (must be 0), the documents written most in one minute, the stored bytes of the whole
// database, and then check:ledger and check:stats. Uses a running stack (`npm start`, but not its
// host port) or starts its own.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import sharp from 'sharp';
import { emulatorEnv } from '../lib/stack.mjs';
import { dataModelCollections, indexExemptions, storedBytes } from '../lib/storage-size';
import { offSiteDeliveries, pushDeviceFor, sandbox, startBench, walletFixtures } from './common';
import { type Person, chunked, pick, seasonCalls } from './season/calls';
import { DAY, FEE, GAMES, STAND_IN } from './season/plans';
import { seasonPlays } from './season/play';
import { type Operations, commandTable } from './season/table';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '400' },
    tournaments: { type: 'string', default: '40' },
    battles: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '12' },
    'day-seconds': { type: 'string', default: '4' },
  },
});
const PLAYERS = Number(values.players);
const TOURNAMENTS = Number(values.tournaments);
const BATTLES = Number(values.battles);
// A simulated day lasts at least this long in wall time. The season squeezes each player's month
// (about ten battles, a few tournaments and follows) into the run's couple of minutes, so how often
// one player's own account is written in a minute is set by that squeeze, and a faster host would
// otherwise raise it with no change to what a player does (docs/decisions/0070).
const DAY_SECONDS = Number(values['day-seconds']);
const DAYS = 30;
const LINKED = Math.min(32, Math.floor(PLAYERS / 8));

const { url, db, auth, api, signIn, benchUser, benchUsers, finish } = await startBench({
  standIn: true,
  games: true,
  alerts: true,
  countOperations: true,
});
const { setCreatorCode } = await import('../../functions/src/creators/service');

// ---- the calls: timed per command (its route), refusals by code ----
const { command, timedFetch, sweep, figures, errors, asked, clear } = seasonCalls(url, Number(values.concurrency));
const { times } = figures;

// ---- setup (not measured) ----
const run = randomUUID().slice(0, 6);
const previousWebhook = (await sandbox(STAND_IN, '/webhooks/target', { url: `${url}/wallet/paypalWebhook` })).previous;
await walletFixtures(db);
console.log(
  `season ${run}: ${PLAYERS} players, ${TOURNAMENTS} tournaments, ${BATTLES} battles over ${DAYS} days of at least ${DAY_SECONDS} s`,
);
const setupStarted = performance.now();
const adminUser = await benchUser(`s-${run}`, 'admin');
await auth.setCustomUserClaims(adminUser.uid, { admin: true });
const admin = { ...adminUser, index: -1, token: await signIn(adminUser.email, 'Bench-pass-1') };
const players: Person[] = await benchUsers(
  PLAYERS,
  async (index) => ({ ...(await benchUser(`s-${run}`, index)), index }),
  10,
);
// Every player allows pushes on one device of the push stand-in, and keeps the default alert choices.
const devices = await benchUsers(players.length, (index) => pushDeviceFor(api, players[index]!.token), 20);
const creators = players.slice(0, 4);
const codes = await Promise.all(
  creators.map(
    async (creator, index) => (await setCreatorCode(creator.uid, `S${run}${index}`.toUpperCase(), Date.now())).code!,
  ),
);
// Withdrawing players and creators connect PayPal; the last LINKED players link a Riot ID (the game stand-in).
const withdrawing = players.slice(4, 4 + Math.ceil(PLAYERS / 10));
await Promise.all(
  [...creators, ...withdrawing].map(async (player) => {
    const { code } = await sandbox(STAND_IN, '/connect/codes', {
      email: `season-${run}-${player.index}@example.com`,
      verified: true,
    });
    await timedFetch('POST /profile/paypal', '/profile/paypal', player.token, { code });
  }),
);
const linked = players.slice(PLAYERS - LINKED);
const puuid = new Map<string, string>();
const dotaId = new Map<string, string>();
for (const player of linked) {
  const account = await sandbox<{ puuid: string; gameName: string; tagLine: string }>(GAMES, '/riot/accounts', {
    gameName: `S${run}p${player.index}`,
    tagLine: 'EUW',
  });
  puuid.set(player.uid, account.puuid);
  // Verified by Riot Sign On (issue #58): the start, the stand-in's approval, Riot's code.
  const riotStart = await timedFetch(
    'POST /profile/connections/riot/start',
    '/profile/connections/riot/start',
    player.token,
    {
      returnTo: 'http://localhost:5173/profile/connections',
    },
  );
  if (riotStart) {
    const authorize = new URL(String(riotStart.url)).searchParams;
    const approved = await fetch(
      `${GAMES}/rso/approve?${new URLSearchParams({ puuid: account.puuid, redirect_uri: authorize.get('redirect_uri')!, state: authorize.get('state')! })}`,
      { redirect: 'manual' },
    );
    const landed = new URL(approved.headers.get('location')!).searchParams;
    await timedFetch('POST /profile/connections/riot/oauth', '/profile/connections/riot/oauth', player.token, {
      state: landed.get('state'),
      code: landed.get('code'),
    });
  }
  // Battles the game decides are Dota 2 ones: Riot's data never touches a wager (issue #58).
  const dota = String(1_000_000 + Math.floor(Math.random() * 1_000_000_000));
  await sandbox(GAMES, '/dota/accounts', { accountId: Number(dota), personaname: `S${run}p${player.index}` });
  dotaId.set(player.uid, dota);
  // Linked by signing in to Steam (issue #58): the start, the stand-in's approval, the answer.
  const start = await timedFetch(
    'POST /profile/connections/steam/start',
    '/profile/connections/steam/start',
    player.token,
    {
      returnTo: 'http://localhost:5173/profile/connections',
    },
  );
  if (start) {
    const back = new URL(String(start.url)).searchParams.get('openid.return_to')!;
    const steamid = (BigInt(dota) + 76561197960265728n).toString();
    const approved = await fetch(`${GAMES}/steam/openid/approve?${new URLSearchParams({ return_to: back, steamid })}`, {
      redirect: 'manual',
    });
    const landed = new URL(approved.headers.get('location')!);
    await timedFetch('POST /profile/connections/steam/openid', '/profile/connections/steam/openid', player.token, {
      state: landed.searchParams.get('steam_state'),
      assertion: Object.fromEntries([...landed.searchParams].filter(([key]) => key.startsWith('openid.'))),
    });
  }
}
const unlinked = players.slice(0, PLAYERS - LINKED);
const proofImage = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3355aa' } })
  .png()
  .toBuffer();
const proof = async (who: Person) =>
  (await command('POST /uploads/proof', '/uploads/proof', who, proofImage))?.path as string | undefined;
const setupSeconds = (performance.now() - setupStarted) / 1000;

// ---- the season (measured) ----
const ours = {
  battles: [] as string[],
  challenges: [] as string[],
  tournaments: [] as string[],
  orders: [] as string[],
};
const outcomes = new Map<string, number>();
const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
const gameDecided = { battles: 0, matches: 0 };
await timedFetch('POST /bench/stats', '/bench/stats', null, {});
await timedFetch('POST /bench/operations', '/bench/operations', null, {});
// What the setup's calls measured (these two included) is left out of the season's figures.
clear();

async function buy(player: Person) {
  if (player.index % 10 === 9)
    await command('PUT /profile/supportCreatorWithCode', '/profile/supportCreatorWithCode', player, {
      creatorCode: codes[player.index % codes.length],
    });
  const intent = await command('POST /wallet/createPurchaseIntent', '/wallet/createPurchaseIntent', player, {
    method: 'PAYPAL',
    currency: 'EUR',
    productId: 'coins-2750',
  });
  if (!intent) return;
  ours.orders.push(String(intent.orderID));
  await sandbox(STAND_IN, `/orders/${String(intent.orderID)}/approve`);
  // The approval webhook may have completed it first: then this answers the completed order.
  await command('POST /wallet/orderComplete', '/wallet/orderComplete', player, {
    method: 'PAYPAL',
    orderId: intent.orderID,
  });
}

const bar = new SingleBar(
  { format: 'day {value}/{total} [{bar}] {calls} calls · {duration}s', noTTYOutput: true, notTTYSchedule: 15_000 },
  Presets.legacy,
);
const seasonStarted = performance.now();
bar.start(DAYS, 0, { calls: 0 });
await Promise.all(players.map(buy));
const callsSoFar = () => [...times.values()].reduce((sum, list) => sum + list.length, 0);
let battleIndex = 0;
let tournamentIndex = 0;
// A withdrawing player cashes out on a day of their own in the month's second half (two or three a
// day at the default size), or on a later day, once they have 1,000 played coins and would keep
// enough for a battle and a paid tournament on each day left (read before the day starts). That
// day they withdraw beside the others' play and play nothing themselves: a fee held meanwhile
// could leave less than they asked for, a refusal the season does not ask for. Those who never
// had that much to spare withdraw at the month's end, as everyone did before (2026-11-28).
const withdrawDay = new Map(withdrawing.map((player, n) => [player.uid, DAYS / 2 + (n % (DAYS / 2))]));
const withdrawn = new Set<string>();
const cashing = new Set<string>();
const { battle, tournament } = seasonPlays({
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
});
/** Those of `players` who have 1,000 played coins to take out and would keep `reserve` coins after. */
async function canWithdraw(players: Person[], reserve: number) {
  if (players.length === 0) return [];
  const accounts = await db.getAll(...players.map((player) => db.doc(`users/${player.uid}/private/account`)));
  return players.filter((_, index) => {
    const { funds = 0, unplayed = 0 } = (accounts[index]!.data() ?? {}) as { funds?: number; unplayed?: number };
    return funds - unplayed >= 1000 && funds - 1000 >= reserve;
  });
}
const withdraw = (player: Person) =>
  command('POST /wallet/withdraw', '/wallet/withdraw', player, { bucks: 1000, currency: 'EUR' });
async function cashingToday(day: number) {
  cashing.clear();
  const due = withdrawing.filter((player) => !withdrawn.has(player.uid) && withdrawDay.get(player.uid)! <= day);
  const ready = await canWithdraw(due, (DAYS - day) * 2 * FEE);
  for (const player of ready) {
    cashing.add(player.uid);
    withdrawn.add(player.uid);
  }
  return ready;
}
for (let day = 0; day < DAYS; day += 1) {
  const dayStarted = performance.now();
  const battlesToday = Math.round(((day + 1) * BATTLES) / DAYS) - Math.round((day * BATTLES) / DAYS);
  const tournamentsToday = Math.round(((day + 1) * TOURNAMENTS) / DAYS) - Math.round((day * TOURNAMENTS) / DAYS);
  const cashers = await cashingToday(day);
  // Each player in at most one battle a day (a player has one open challenge at a time).
  const free = pick(unlinked, unlinked.length).filter((player) => !cashing.has(player.uid));
  const freeLinked = pick(linked, linked.length).filter((player) => !cashing.has(player.uid));
  const fights: Promise<unknown>[] = [];
  for (let n = 0; n < battlesToday; n += 1, battleIndex += 1) {
    const kind = battleIndex % 20;
    const from = kind === 19 ? freeLinked : free;
    if (from.length < 2) continue;
    fights.push(battle(from.pop()!, from.pop()!, kind));
  }
  const cups = Array.from({ length: tournamentsToday }, () => tournament(tournamentIndex++));
  const follows = pick(players, Math.ceil((PLAYERS * 3) / DAYS)).map((who) => {
    const other = players[(who.index + 1 + Math.floor(Math.random() * (PLAYERS - 1))) % PLAYERS]!;
    // Random pairs meet twice now and then: "already following" is a refusal the season asks for.
    return command('POST /users/:uid/follow', `/users/${other.uid}/follow`, who, {}, ['already-following']);
  });
  await Promise.all([...fights, ...cups, ...follows, ...cashers.map(withdraw)]);
  // The day's end: two days on for the battles of the day (windows close, the unreported cancel).
  const today = ours.battles.slice(-battlesToday);
  await Promise.all([
    ...chunked(today).map((ids) => sweep(Date.now() + 2 * DAY, { battles: ids })),
    // Creators' shares of the day's purchases are settled into their balances, and the platform's
    // figures published (the scheduled sweeper does both every minute).
    sweep(Date.now(), { creators: creators.map((creator) => creator.uid), figures: true }),
  ]);
  bar.update(day + 1, { calls: callsSoFar() });
  const rest = DAY_SECONDS * 1000 - (performance.now() - dayStarted);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}
// The month's end: the withdrawals that had to wait (above), creators' redemptions and a last sweep.
const waited = withdrawing.filter((player) => !withdrawn.has(player.uid));
await Promise.all((await canWithdraw(waited, 0)).map(withdraw));
await sweep(Date.now(), { creators: creators.map((creator) => creator.uid) });
await Promise.all(
  creators.map(async (creator) => {
    const balance = ((await db.doc(`creators/${creator.uid}`).get()).get('balance') as number) ?? 0;
    if (balance >= 1000)
      await command('POST /wallet/withdrawCreatorCodeBucks', '/wallet/withdrawCreatorCodeBucks', creator, {
        bucks: balance,
        currency: 'EUR',
      });
  }),
);
const later = Date.now() + 6 * DAY;
await Promise.all([
  ...chunked(ours.battles).map((ids) => sweep(later, { battles: ids })),
  ...chunked(ours.challenges).map((ids) => sweep(later, { challenges: ids })),
  ...chunked(ours.orders).map((ids) => sweep(later, { orders: ids })),
  ...chunked(ours.tournaments).map((ids) => sweep(later, { tournaments: ids })),
]);
// Shares of orders the last sweep completed.
await sweep(later, { creators: creators.map((creator) => creator.uid) });
bar.stop();
const seconds = (performance.now() - seasonStarted) / 1000;

// ---- what the host counted ----
const races = (await (await fetch(`${url}/bench/stats`, { method: 'POST' })).json()) as {
  commits: number;
  retries: number;
};
const operations = (await (await fetch(`${url}/bench/operations`, { method: 'POST' })).json()) as Operations;

// ---- stuck things: anything of the season left undecided past its deadline ----
const stuck: string[] = [];
const byIds = async (collection: string, ids: string[]) =>
  (
    await Promise.all(chunked(ids, 300).map((part) => db.getAll(...part.map((id) => db.doc(`${collection}/${id}`)))))
  ).flat();
for (const doc of await byIds('battles', ours.battles))
  if (!['ENDED', 'CANCELLED'].includes(doc.get('state'))) stuck.push(`battle ${doc.id} ${doc.get('state')}`);
for (const doc of await byIds('battle_challenges', ours.challenges))
  if (doc.get('state') === 'PENDING') stuck.push(`challenge ${doc.id} PENDING`);
for (const doc of await byIds('tournaments', ours.tournaments)) {
  if (!['FINISHED', 'CANCELLED'].includes(doc.get('state'))) stuck.push(`tournament ${doc.id} ${doc.get('state')}`);
}
for (const creator of creators) {
  const pending = await db.collection(`creators/${creator.uid}/pending_earnings`).count().get();
  if (pending.data().count > 0) stuck.push(`creator ${creator.uid}: ${pending.data().count} earnings not settled`);
}
// A payout PayPal did not answer stays PENDING for the sweeper: the stand-in always answers here.
for (const part of chunked(
  [...withdrawing, ...creators].map((who) => who.uid),
  30,
))
  for (const doc of (await db.collection('payouts').where('uid', 'in', part).where('state', '==', 'PENDING').get())
    .docs)
    stuck.push(`payout ${doc.id} PENDING`);
for (const doc of await byIds('paypal_orders', ours.orders))
  if (!['COMPLETED', 'EXPIRED', 'CANCELLED', 'DECLINED'].includes(doc.get('status')))
    stuck.push(`order ${doc.id} ${doc.get('status')}`);

console.log(
  `\nseason ${run}: ${PLAYERS} players, ${ours.tournaments.length} tournaments, ${ours.battles.length} battles (${ours.challenges.length} challenges) in ${seconds.toFixed(0)} s (setup ${setupSeconds.toFixed(0)} s)\n`,
);
const { overInARow, over, overApart } = commandTable(figures, operations);
const { background } = operations;
const total = Object.values(operations.commands).reduce(
  (sum, ops) => ({ reads: sum.reads + ops.reads, writes: sum.writes + ops.writes + ops.guards }),
  { reads: background.reads, writes: background.writes + background.guards },
);
const requests = Object.values(operations.commands).reduce((sum, ops) => sum + ops.calls, 0);
console.log(
  `Firestore in the season: ${total.reads} reads, ${total.writes} writes (guards included); ${requests} requests served` +
    (operations.cpu
      ? `, host CPU ${((operations.cpu.user + operations.cpu.system) / 1e6).toFixed(0)} s since it started (${((operations.cpu.user + operations.cpu.system) / 1e3 / requests).toFixed(1)} ms a request, setup included)`
      : ''),
);
console.log('\noutcomes:');
for (const [what, n] of [...outcomes].sort()) console.log(`  ${String(n).padStart(5)}  ${what}`);
console.log(
  `  ${String(gameDecided.battles).padStart(5)}  battles the game decided; ${gameDecided.matches} tournament matches`,
);
console.log(`\nlost races (optimistic transactions retried): ${races.retries} over ${races.commits} commits`);
console.log(`errors: ${[...errors.values()].reduce((a, b) => a + b, 0)}`);
for (const [key, n] of errors) console.log(`  ${String(n).padStart(5)}  ${key}`);
console.log(`refusals the simulation asked for: ${[...asked.values()].reduce((a, b) => a + b, 0)}`);
for (const [key, n] of asked) console.log(`  ${String(n).padStart(5)}  ${key}`);
console.log(
  `commands whose median call makes more Firestore calls in a row than their goal (2 for a confirm, a match's report and a join; 3 for the others): ${overInARow.length === 0 ? 'none' : overInARow.join(', ')}`,
);
console.log(
  `for reference (this machine, not production): commands over 3× the same-time no-op's p95 (their own part where they call a provider): ${over.length === 0 ? 'none' : over.join(', ')}`,
);
console.log(
  `of those, over 3× even less their wait on Firestore (the −Fs column: the host and our code alone): ${overApart.length === 0 ? 'none' : overApart.join(', ')}`,
);
console.log(`stuck things: ${stuck.length}`);
for (const item of stuck.slice(0, 20)) console.log(`  ${item}`);
// Alerts off the site (issue #60): what the outbox sent, what arrived twice, what is left undelivered.
const offSite = await offSiteDeliveries(
  db,
  players.map((player) => player.uid),
  players.map((player) => `bench-s-${run}-${player.index}@versus.test`),
  devices,
);
console.log(
  `alerts off the site: ${offSite.sent.email} e-mails, ${offSite.sent.push} pushes; arrived twice ${offSite.offSiteDuplicates} (must be 0; e-mails among the 2,000 MailDev keeps); undelivered ${offSite.undelivered} (must be 0)`,
);
console.log(
  `documents written: ${operations.documents}; most writes to one document in one minute: ${operations.hottest[0]?.most ?? 0} (${operations.hottest[0]?.path ?? '–'}; the target is at most 60)`,
);
for (const { path, most } of operations.hottest.slice(1, 5)) console.log(`  ${String(most).padStart(5)}  ${path}`);
// A player's own documents (profile, account, notices) are written by that player's month, squeezed
// into the run; everything else is shared by many players (tournaments, matches, counters, creators).
const shared = operations.hottest.filter(({ path }) => !path.startsWith('users/'));
console.log(
  `most writes to one shared document (outside users/) in one minute: ${shared[0]?.most ?? 0} (${shared[0]?.path ?? '–'})`,
);

// ---- what the database stores now (the season's own stack: setup and season; a running stack adds its seed) ----
const storedStarted = performance.now();
const stored = await storedBytes(
  db,
  dataModelCollections(readFileSync('docs/data-model.md', 'utf8')),
  indexExemptions(readFileSync('firestore.indexes.json', 'utf8')),
);
const storedSeconds = (performance.now() - storedStarted) / 1000;
const storedTotal = stored.reduce((sum, group) => sum + group.bytes + group.indexBytes, 0);
const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
console.log(
  `\nstored (Firestore's size rules, single-field index entries included): ${mb(storedTotal)} MB in ${stored.reduce((sum, group) => sum + group.documents, 0)} documents, ${(storedTotal / PLAYERS / 1e3).toFixed(1)} KB a player (read in ${storedSeconds.toFixed(0)} s):`,
);
for (const group of stored)
  console.log(
    `  ${group.shape.padEnd(48)} ${String(group.documents).padStart(7)} docs ${mb(group.bytes).padStart(7)} MB + ${mb(group.indexBytes).padStart(7)} MB indexes`,
  );

if (previousWebhook) await sandbox(STAND_IN, '/webhooks/target', { url: previousWebhook });
const stats = spawnSync('npx', ['tsx', 'scripts/check-stats.ts', '--quiet'], {
  stdio: 'inherit',
  env: { ...process.env, ...emulatorEnv },
});
const ledger = await finish();
process.exit(
  ledger !== 0 ||
    stats.status !== 0 ||
    stuck.length > 0 ||
    errors.size > 0 ||
    overInARow.length > 0 ||
    offSite.offSiteDuplicates > 0 ||
    offSite.undelivered > 0
    ? 1
    : 0,
);
