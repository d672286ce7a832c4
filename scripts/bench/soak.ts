// npm run bench:soak [-- --minutes 60 --users 12 --think 6 --browser-every 3 --browsers 3 --stay 60 --from <export>]
// An hour of `npm start` as people use it (issue #57), on the stack `npm start` itself runs: this
// starts `node scripts/start.mjs --fresh`, then
//   - `--users` scripted players work through the web app's /api (the dev server's proxy to the
//     one-process host), each one action every `--think` seconds on average: battles (one in ten
//     disputed and decided by the admin), chat, follows, searches, withdrawals, coin purchases when
//     low; and, every few minutes, a paid bracket of 8 and a paid points tournament of 8 played
//     through to their payouts (started by the sweeper's clock, as bench:season does);
//   - every `--browser-every` minutes, `--browsers` signed-in Chromium tabs open a tournament page,
//     listen for `--stay` seconds and go: closed as a tab is closed, one in three after its network
//     went (its terminate never arrives: the browser is simply gone);
//   - every minute: the Firestore emulator's live heap (after a full collection, `jcmd`), its
//     WebChannel sessions and queued messages (class histogram), and each process's RSS;
//   - per 5 minutes: requests, p50/p95, errors and 5xx.
// At the end: check:ledger and check:stats, a snapshot of every document and account, Ctrl-C
// (SIGINT to npm start's process group) with its time and what is left running, a second
// `npm start` that imports the export, and every document compared with the snapshot. One table,
// and PASS only with 0 errors, 0 5xx, a last window's p95 at most 1.5× the first's, memory that
// levels off, and nothing lost across the restart. The figures are written to .cache/soak/.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import {
  FIRESTORE_GC_LOG,
  PORTS,
  emulatorEnv,
  isListening,
  localAppCheckToken,
  processTree,
  root,
} from '../lib/stack.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    users: { type: 'string', default: '12' },
    think: { type: 'string', default: '6' },
    'browser-every': { type: 'string', default: '3' },
    browsers: { type: 'string', default: '3' },
    stay: { type: 'string', default: '60' },
    'tournament-every': { type: 'string', default: '6' },
    // An export to start from instead of --fresh (a copy is used): the same load on a new emulator
    // process that holds an earlier run's data, to tell the data's cost from the process's age.
    from: { type: 'string' },
    // npm start's recycle of the emulator (scripts/start.mjs): after this many browser sessions, at
    // most every this many minutes (npm start's own defaults when not given).
    'recycle-after': { type: 'string' },
    'recycle-min': { type: 'string' },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Math.max(12, Number(values.users));
const THINK_MS = Number(values.think) * 1000;
const BROWSER_EVERY_MS = Number(values['browser-every']) * 60_000;
const BROWSERS = Number(values.browsers);
const STAY_MS = Number(values.stay) * 1000;
const TOURNAMENT_EVERY_MS = Number(values['tournament-every']) * 60_000;
const WINDOW_MS = Math.min(5 * 60_000, (MINUTES * 60_000) / 4);
const WEB = `http://127.0.0.1:${PORTS.web}`;
const API = `${WEB}/api`;
const STAND_IN = `http://127.0.0.1:${PORTS.paypal}`;
const AUTH = `http://${emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST}`;
const FEE = 130;
const PASSWORD = 'Soak-pass-1';
const out = join(root, '.cache', 'soak');
mkdirSync(out, { recursive: true });
const run = randomUUID().slice(0, 5);
const log = (message: string) => console.log(`\x1b[35m[soak]\x1b[0m ${message}`);

for (const [name, port] of Object.entries(PORTS))
  if (await isListening(port)) throw new Error(`port ${port} (${name}) is in use: stop the running stack first`);

// ---- npm start, as a child in its own process group (Ctrl-C reaches a group) ----
interface Stack {
  child: ChildProcess;
  output: () => string;
  tree: Set<number>;
}
async function startStack(args: string[], logName: string): Promise<Stack> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: root,
    // Its own data folder: a developer's .emulator-data is never touched (the first start is --fresh).
    env: {
      ...process.env,
      VERSUS_DATA_DIR: join(out, 'emulator-data'),
      ...(values['recycle-after'] ? { VERSUS_RECYCLE_AFTER_SESSIONS: values['recycle-after'] } : {}),
      ...(values['recycle-min'] ? { VERSUS_RECYCLE_MIN_MS: String(Number(values['recycle-min']) * 60_000) } : {}),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = createWriteStream(join(out, logName));
  let text = '';
  const keep = (chunk: Buffer) => {
    file.write(chunk);
    text = (text + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  running.add(child);
  child.once('exit', () => running.delete(child));
  const tree = new Set<number>([child.pid!]);
  const watch = setInterval(() => processTree(child.pid!).forEach((pid) => tree.add(pid)), 2_000);
  child.once('exit', () => clearInterval(watch));
  const started = performance.now();
  while (!text.includes('Versus is running')) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${text.slice(-4000)}`);
    if (performance.now() - started > 300_000) throw new Error(`npm start did not come up:\n${text.slice(-4000)}`);
    await sleep(500);
  }
  processTree(child.pid!).forEach((pid) => tree.add(pid));
  return { child, output: () => text, tree };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ctrl-C as a terminal sends it: SIGINT to the process group. Answers how long the stop took and what was left. */
async function stopStack(stack: Stack) {
  processTree(stack.child.pid!).forEach((pid) => stack.tree.add(pid));
  const started = performance.now();
  process.kill(-stack.child.pid!, 'SIGINT');
  const exited = await Promise.race([
    new Promise<boolean>((resolve) => stack.child.once('exit', () => resolve(true))),
    sleep(120_000).then(() => false),
  ]);
  const seconds = (performance.now() - started) / 1000;
  await sleep(1_000);
  const left = [...stack.tree].filter(alive);
  const ports = [];
  for (const [name, port] of Object.entries(PORTS)) if (await isListening(port)) ports.push(`${name} ${port}`);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return { exited, seconds, left, ports };
}

// Whatever ends this run, the stack it started is stopped with it (Ctrl-C to its group, as a person would).
const running = new Set<ChildProcess>();
const stopRunning = () => {
  for (const child of running)
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // gone
    }
};
process.on('exit', stopRunning);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });

if (values.from) {
  rmSync(join(out, 'emulator-data'), { recursive: true, force: true });
  cpSync(values.from, join(out, 'emulator-data'), { recursive: true });
}
const first = await startStack(values.from ? [] : ['--fresh'], 'start-1.log');
log('npm start is up');
Object.assign(process.env, emulatorEnv);
const { adminForEmulators } = await import('../lib/emulator-admin');
const { db, auth } = adminForEmulators();

// ---- calls through /api, timed per 5-minute window ----
interface Player {
  uid: string;
  email: string;
  token: string;
  signedAt: number;
  index: number;
  busy: boolean;
  following: Set<string>;
  paypal: boolean;
}
interface Window {
  times: number[];
  errors: number;
  fives: number;
  refusals: number;
}
const windows: Window[] = [];
const byCommand = new Map<string, number[]>();
const errorKinds = new Map<string, number>();
let measuring = false;
let soakStarted = 0;
const windowNow = (): Window => {
  const index = Math.floor((performance.now() - soakStarted) / WINDOW_MS);
  while (windows.length <= index) windows.push({ times: [], errors: 0, fives: 0, refusals: 0 });
  return windows[index]!;
};
const KEYED =
  /^POST \/(battles\/challenge|battles\/challenges\/:id\/accept|battles\/:id\/confirm|tournaments\/:id\/join|wallet\/)/;

let appCheck = { token: '', at: 0 };
async function call(
  who: Player | { token: string; email: string; password: string; signedAt: number } | null,
  route: string,
  path: string,
  body?: unknown,
  allowed: string[] = [],
): Promise<Record<string, unknown> | undefined> {
  const [method] = route.split(' ');
  // ID tokens live an hour: renewed as the web app renews them.
  if (who && 'signedAt' in who && Date.now() - who.signedAt > 40 * 60_000) {
    who.token = await signIn(who.email, 'password' in who ? who.password : PASSWORD);
    who.signedAt = Date.now();
  }
  // The web app's attestation (App Check, which npm start enforces), renewed within its hour.
  if (Date.now() - appCheck.at > 30 * 60_000)
    appCheck = { token: await localAppCheckToken('versus-soak'), at: Date.now() };
  const started = performance.now();
  let status = 0;
  let payload: Record<string, unknown>;
  try {
    const response = await fetch(`${API}${path}`, {
      method,
      headers: {
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...(KEYED.test(route) ? { 'idempotency-key': randomUUID() } : {}),
        'x-firebase-appcheck': appCheck.token,
        ...(body instanceof Buffer
          ? { 'content-type': 'image/png' }
          : body
            ? { 'content-type': 'application/json' }
            : {}),
      },
      body: body instanceof Buffer ? new Uint8Array(body) : body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    });
    status = response.status;
    payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  } catch (error) {
    payload = { code: `no answer: ${(error as Error).message}` };
  }
  const elapsed = performance.now() - started;
  if (!measuring) return status >= 200 && status < 300 ? payload : undefined;
  const window = windowNow();
  if (status >= 200 && status < 300) {
    window.times.push(elapsed);
    byCommand.set(route, [...(byCommand.get(route) ?? []), elapsed]);
    return payload;
  }
  if (allowed.includes(String(payload.code))) {
    window.refusals += 1;
    return undefined;
  }
  window.errors += 1;
  if (status >= 500 || status === 0) window.fives += 1;
  const kind = `${route} → ${status} ${String(payload.code ?? payload.message)}`;
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  if (errorKinds.get(kind) === 1) log(`error: ${kind}: ${String(payload.message ?? '')}`);
  return undefined;
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(
    `${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

const sandbox = async (path: string, body: unknown = {}) =>
  (await (
    await fetch(`${STAND_IN}/__sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as Record<string, string>;

// ---- the players (registered through the API, as a person would) ----
log(`registering ${USERS} players…`);
const players: Player[] = [];
for (let index = 0; index < USERS; index += 1) {
  const email = `soak-${run}-${index}@versus.test`;
  const registered = await call(null, 'POST /auth/register', '/auth/register', {
    email,
    password: PASSWORD,
    displayName: `soak_${run}_${index}`,
    firstName: 'Soak',
    lastName: 'Player',
    country: 'FI',
    terms: true,
  });
  if (!registered) throw new Error('registration failed');
  await auth.updateUser(String(registered.uid), { emailVerified: true });
  players.push({
    uid: String(registered.uid),
    email,
    token: await signIn(email),
    signedAt: Date.now(),
    index,
    busy: false,
    following: new Set(),
    paypal: false,
  });
}
const admin = {
  email: 'admin@versus.test',
  password: 'Versus-demo-1',
  token: await signIn('admin@versus.test', 'Versus-demo-1'),
  signedAt: Date.now(),
};
const proofImage = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3355aa' } })
  .png()
  .toBuffer();

const fundsOf = async (player: Player) =>
  ((await db.doc(`users/${player.uid}/private/account`).get()).data() ?? {}) as { funds?: number; unplayed?: number };

async function buy(player: Player) {
  const intent = await call(player, 'POST /wallet/createPurchaseIntent', '/wallet/createPurchaseIntent', {
    method: 'PAYPAL',
    currency: 'EUR',
    productId: 'coins-2750',
  });
  if (!intent) return;
  await sandbox(`/orders/${String(intent.orderID)}/approve`);
  // The stand-in's webhook may complete it first: then this answers the completed order.
  await call(player, 'POST /wallet/orderComplete', '/wallet/orderComplete', {
    method: 'PAYPAL',
    orderId: intent.orderID,
  });
}
/** Coins for a fee: a purchase when the player is low. */
async function enough(player: Player, coins: number) {
  const { funds = 0 } = await fundsOf(player);
  if (funds < coins + 200) await buy(player);
}
await Promise.all(players.map(buy));

// ---- what players do ----
const live = { tournaments: [] as { id: string; members: Set<string> }[] };
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const claim = (player: Player) => {
  if (player.busy) return false;
  player.busy = true;
  return true;
};

async function battle(a: Player) {
  const b = pick(players.filter((p) => p !== a && !p.busy));
  if (!b || !claim(b)) return;
  try {
    await Promise.all([enough(a, FEE), enough(b, FEE)]);
    const sent = await call(a, 'POST /battles/challenge', '/battles/challenge', {
      opponent: b.uid,
      game: 'valorant',
      entryFee: FEE,
      terms: true,
    });
    if (!sent) return;
    const battle = await call(
      b,
      'POST /battles/challenges/:id/accept',
      `/battles/challenges/${String(sent.id)}/accept`,
    );
    if (!battle) return;
    const path = `/battles/${String(battle.id)}`;
    const winner = Math.random() < 0.5 ? a : b;
    await sleep(THINK_MS / 2);
    await call(a, 'POST /battles/:id/submitWinner', `${path}/submitWinner`, { winner: winner.uid });
    if (Math.random() < 0.1) {
      const proofs = await Promise.all(
        [b, a].map((who) => call(who, 'POST /uploads/proof', '/uploads/proof', proofImage)),
      );
      await call(b, 'POST /battles/:id/dispute', `${path}/dispute`, {
        story: 'The score screen says otherwise.',
        proof: proofs[0]?.path,
      });
      await call(a, 'POST /battles/:id/dispute', `${path}/dispute`, {
        story: 'I won this one.',
        proof: proofs[1]?.path,
      });
      await call(admin, 'POST /admin/battles/:id/decide', `/admin/battles/${String(battle.id)}/decide`, {
        winner: winner.uid,
        reasoning: 'The replay shows it.',
      });
      return;
    }
    await call(b, 'POST /battles/:id/confirm', `${path}/confirm`);
  } finally {
    b.busy = false;
  }
}

async function chat(player: Player) {
  const room = pick(live.tournaments.filter((t) => t.members.has(player.uid)));
  if (!room) return search(player);
  await call(player, 'POST /rooms/:id/sendMessage', `/rooms/${room.id}/sendMessage`, {
    message: `gl hf from ${player.index} (${new Date().toISOString().slice(11, 19)})`,
  });
}

async function follow(player: Player) {
  const other = pick(players.filter((p) => p !== player))!;
  if (player.following.has(other.uid)) {
    if (await call(player, 'POST /users/:uid/unfollow', `/users/${other.uid}/unfollow`))
      player.following.delete(other.uid);
  } else if (await call(player, 'POST /users/:uid/follow', `/users/${other.uid}/follow`))
    player.following.add(other.uid);
}

async function search(player: Player) {
  await call(null, 'GET /searchUsers', `/searchUsers?displayName=soak_${run}_${player.index % 10}&pageSize=10`);
  await call(null, 'GET /searchTournaments', `/searchTournaments?name=Soak&pageSize=10`);
  await call(player, 'GET /suggestUsers', `/suggestUsers?displayName=soak`);
}

async function withdraw(player: Player) {
  const { funds = 0, unplayed = 0 } = await fundsOf(player);
  if (funds - unplayed < 1500) return search(player);
  if (!player.paypal) {
    const { code } = await sandbox('/connect/codes', {
      email: `soak-${run}-${player.index}@example.com`,
      verified: true,
    });
    if (!(await call(player, 'POST /profile/paypal', '/profile/paypal', { code }))) return;
    player.paypal = true;
  }
  await call(player, 'POST /wallet/withdraw', '/wallet/withdraw', { bucks: 1000, currency: 'EUR' });
}

async function playerLoop(player: Player, until: number) {
  await sleep(Math.random() * THINK_MS);
  while (performance.now() < until) {
    if (claim(player)) {
      try {
        const roll = Math.random();
        if (roll < 0.35) await battle(player);
        else if (roll < 0.6) await chat(player);
        else if (roll < 0.75) await follow(player);
        else if (roll < 0.95) await search(player);
        else await withdraw(player);
      } finally {
        player.busy = false;
      }
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

// ---- tournaments played through (the sweeper's clock starts them, as in bench:season) ----
let tournamentsPlayed = 0;
const tournamentResults = new Map<string, number>();
async function tournament(kind: 'ELIMINATION' | 'POINTS', host: Player, entrants: Player[]) {
  const startTime = Date.now() + 16 * 60_000;
  const created = await call(host, 'POST /tournaments/create', '/tournaments/create', {
    game: 'valorant',
    region: 'EU',
    // A paid Riot game's tournament in the EU carries the host's Riot licence (issue #58); ignored otherwise.
    riotLicence: 'EUR-DEMO-0001',
    riotLicenceCountries: ['FI', 'SE', 'DK', 'NO', 'IS'],
    platform: ['PC'],
    gameFormat: 'SOLO',
    teamSize: 1,
    size: 8,
    bracket: kind,
    entryFee: FEE,
    payoutStructure: 'top-2',
    name: `Soak ${run} ${kind === 'POINTS' ? 'Points' : 'Bracket'} ${tournamentsPlayed + 1}`,
    description: 'A tournament of the soak.',
    rules: 'Play fair.',
    startTime,
    timeZone: 'Europe/Helsinki',
    coverImage: null,
    terms: true,
  });
  if (!created) return;
  const id = String(created.id);
  tournamentsPlayed += 1;
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
    await sleep(Math.max(0, Math.min(TOURNAMENT_EVERY_MS - (performance.now() - started), until - performance.now())));
  }
  return cycle;
}

// ---- browsers: signed-in tabs on a tournament page, then gone ----
let browserSessions = 0;
let vanishedTabs = 0;
let failedTabs = 0;
/** Tabs that checked a live update at the end of their stay: all of them, and those across a recycle. */
const liveChecks = { checked: 0, delivered: 0, acrossRecycle: 0, deliveredAcross: 0, slowestMs: 0 };
async function browserRound(browser: Browser) {
  // The first round waits a little for the first tournament's room (its members watch the chat).
  for (let i = 0; i < 30 && live.tournaments.length === 0; i++) await sleep(1_000);
  const room = live.tournaments.at(-1);
  const target = room?.id ?? (await db.collection('tournaments').limit(1).get()).docs[0]?.id;
  const members = room ? players.filter((player) => room.members.has(player.uid)) : [];
  await Promise.all(
    Array.from({ length: BROWSERS }, async (_, index) => {
      // The first tab is a member of the room: at the end of its stay another member writes in the
      // chat, and the open tab must show it (across a recycle of the emulator, if one came meanwhile).
      const watching = index === 0 && members.length >= 2;
      const player = watching ? members[0]! : pick(players)!;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => {
        sessionStorage.setItem('welcomeNoticeShown', 'true');
        sessionStorage.setItem('campaignNoticeShown', 'true');
        localStorage.setItem('versus:analyticsConsent', 'denied');
      });
      try {
        const page = await context.newPage();
        // A battle's or a tournament's result comes up over the page as it would for the player: closed.
        const result = page.getByRole('dialog').getByRole('button', { name: 'Close' });
        // Results come one after another ("And 17 more results"): the handler does not wait for
        // the popup to go, since the next one takes its place.
        await page.addLocatorHandler(result, () => result.click(), { noWaitAfter: true });
        await page.goto(`http://localhost:${PORTS.web}/login`, { timeout: 120_000 });
        await page.getByLabel('E-mail').fill(player.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByTestId('coin-balance').waitFor({ timeout: 120_000 });
        await page.goto(`http://localhost:${PORTS.web}/tournaments/${target}`, { timeout: 120_000 });
        browserSessions += 1;
        const recycledBefore = await proxyRecycled();
        if (watching) await page.getByTestId('chat-open').click({ timeout: 60_000 });
        await sleep(STAY_MS);
        if (watching) {
          const across = (await proxyRecycled()) > recycledBefore;
          const text = `live check ${randomUUID().slice(0, 8)}`;
          const sent = performance.now();
          liveChecks.checked += 1;
          if (across) liveChecks.acrossRecycle += 1;
          const sentOk = await call(members[1]!, 'POST /rooms/:id/sendMessage', `/rooms/${room!.id}/sendMessage`, {
            message: text,
          });
          // In the open room's list (a result popup may be over the page, as for the player).
          let shown = false;
          for (let waited = 0; !shown && waited < 30_000; waited += 250) {
            shown = (await page.getByTestId('chat-messages').getByText(text).count()) > 0;
            if (!shown) await sleep(250);
          }
          if (shown) {
            liveChecks.delivered += 1;
            if (across) liveChecks.deliveredAcross += 1;
            liveChecks.slowestMs = Math.max(liveChecks.slowestMs, performance.now() - sent);
          } else {
            const shot = join(out, `live-check-${run}-${++failedTabs}.png`);
            await page.screenshot({ path: shot }).catch(() => {});
            const count = await page.getByTestId('chat-message').count();
            const last = await page
              .getByTestId('chat-message')
              .last()
              .textContent({ timeout: 2_000 })
              .catch(() => '?');
            log(`  the last one shown: ${last}`);
            log(
              `an open tab did not show a new chat message in 30 s${across ? ' (after a recycle)' : ''}: sent ${sentOk ? 'ok' : 'FAILED'}, ${count} messages shown, ${shot}`,
            );
          }
        }
        if (index % 3 === 2) {
          // A tab whose network is gone when it closes: its terminate never arrives.
          await context.setOffline(true);
          vanishedTabs += 1;
        }
      } catch (error) {
        const shot = join(out, `tab-failed-${run}-${++failedTabs}.png`);
        await context
          .pages()[0]
          ?.screenshot({ path: shot })
          .catch(() => {});
        log(`a browser tab failed: ${(error as Error).message.split('\n')[0]} (${shot})`);
      } finally {
        await context.close();
      }
    }),
  );
}

async function browserLoop(until: number) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    while (performance.now() + STAY_MS + 30_000 < until) {
      const started = performance.now();
      await browserRound(browser);
      // With every tab gone (and the proxy's wait for a silent one past), nothing may be queued for
      // a browser while the players go on: the emulator queues messages for WebChannel sessions only.
      const quietFrom = performance.now() + GONE_AFTER_MS + 5_000;
      if (quietFrom + QUIET_MS < Math.min(started + BROWSER_EVERY_MS, until)) {
        await sleep(quietFrom - performance.now());
        // The proxy has ended every session of the round (on a busy emulator its removals take a while).
        while ((await proxyLive()) > 0 && performance.now() + QUIET_MS < Math.min(started + BROWSER_EVERY_MS, until))
          await sleep(1_000);
        if ((await proxyLive()) === 0) {
          const before = queuedForBrowsers(first);
          await sleep(QUIET_MS);
          const after = queuedForBrowsers(first);
          if (before !== null && after !== null) quiet.push(after - before);
        }
      }
      await sleep(Math.max(0, Math.min(BROWSER_EVERY_MS - (performance.now() - started), until - performance.now())));
    }
  } finally {
    await browser.close();
  }
}

/** The proxy's wait before it ends a silent session's listens (scripts/lib/firestore-browser-proxy.mjs). */
const GONE_AFTER_MS = 45_000;
const QUIET_MS = 20_000;
/** Browser sessions the proxy still holds live or is ending (scripts/lib/firestore-browser-proxy.mjs), or -1. */
const proxyLive = async () => {
  const stats = (await (
    await fetch(`http://127.0.0.1:${PORTS.browserFirestore}/__proxy/stats`)
  )
    .json()
    .catch(() => ({ live: -1 }))) as { live: number; ending?: number };
  return stats.live < 0 ? -1 : stats.live + (stats.ending ?? 0);
};
/** How many times npm start has recycled the emulator (the proxy counts them), or -1. */
const proxyRecycled = async () =>
  (
    (await (
      await fetch(`http://127.0.0.1:${PORTS.browserFirestore}/__proxy/stats`)
    )
      .json()
      .catch(() => ({ recycled: -1 }))) as { recycled: number }
  ).recycled;
/** Growth of the emulator's queued messages over each quiet interval (no tab open). */
const quiet: number[] = [];
function queuedForBrowsers(stack: Stack): number | null {
  const pid = jvmPid(stack);
  if (!jcmd || !pid) return null;
  const histogram = execFileSync('jcmd', [String(pid), 'GC.class_histogram'], { maxBuffer: 256e6 }).toString();
  const line = histogram
    .split('\n')
    .find((text) => text.trim().endsWith(' com.google.net.webchannel.server.v8.Envelope'));
  return Number(line?.trim().split(/\s+/)[1] ?? 0);
}

// ---- memory, every minute ----
interface Sample {
  minute: number;
  heapMb: number | null;
  sessions: number | null;
  envelopes: number | null;
  rss: Record<string, number>;
}
const samples: Sample[] = [];
const jcmd = spawnSync('sh', ['-c', 'command -v jcmd'], { stdio: 'ignore' }).status === 0;
const LABELS: [RegExp, string][] = [
  [/java .*firestore/, 'Firestore JVM'],
  [/firebase emulators:start/, 'firebase-tools'],
  [/functions-framework/, 'API host'],
  [/vite/, 'Vite'],
  [/scripts\/start\.mjs/, 'npm start'],
  [/paypal-stand-in/, 'PayPal stand-in'],
  [/game-stand-in/, 'game stand-in'],
  [/build\.mjs --watch/, 'functions build'],
];
function processes(stack: Stack): Record<string, number> {
  const rss: Record<string, number> = {};
  for (const pid of processTree(stack.child.pid!)) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const label = LABELS.find(([pattern]) => pattern.test(command))?.[1];
      if (!label) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      rss[label] = Math.max(rss[label] ?? 0, Math.round(kb / 1024));
    } catch {
      // gone meanwhile
    }
  }
  return rss;
}
const jvmPid = (stack: Stack) =>
  processTree(stack.child.pid!).find((pid) => {
    try {
      return /java .*firestore/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      return false;
    }
  });
/** The heap after the last collection the JVM logged (the full one jcmd asked for, where it can). */
function heapFromGcLog(): number | null {
  if (!existsSync(FIRESTORE_GC_LOG)) return null;
  const lines = readFileSync(FIRESTORE_GC_LOG, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const match = /(\d+)M->(\d+)M\(\d+M\)/.exec(line);
    if (match) return Number(match[2]);
  }
  return null;
}
function sample(stack: Stack, minute: number) {
  const pid = jvmPid(stack);
  let sessions: number | null = null;
  let envelopes: number | null = null;
  let heapMb: number | null;
  if (jcmd && pid) {
    try {
      // A class histogram of live objects runs a full collection first.
      const histogram = execFileSync('jcmd', [String(pid), 'GC.class_histogram'], { maxBuffer: 256e6 }).toString();
      const count = (name: string) =>
        Number(
          histogram
            .split('\n')
            .find((line) => line.trim().endsWith(` ${name}`))
            ?.trim()
            .split(/\s+/)[1] ?? 0,
        );
      sessions = count('com.google.net.webchannel.server.v8.ChannelInternalImpl');
      envelopes = count('com.google.net.webchannel.server.v8.Envelope');
      heapMb = Math.round(Number(/Total\s+\d+\s+(\d+)/.exec(histogram)?.[1] ?? 0) / 1024 ** 2);
      if (minute === 0 || minute === MINUTES)
        writeFileSync(join(out, `histogram-${minute}.txt`), histogram.split('\n').slice(0, 40).join('\n'));
    } catch {
      heapMb = heapFromGcLog();
    }
  } else heapMb = heapFromGcLog();
  samples.push({ minute, heapMb, sessions, envelopes, rss: processes(stack) });
}

// ---- the soak ----
log(
  `${MINUTES} minutes: ${USERS} players (an action every ~${THINK_MS / 1000} s each), ${BROWSERS} tabs every ${BROWSER_EVERY_MS / 60_000} min for ${STAY_MS / 1000} s, tournaments every ${TOURNAMENT_EVERY_MS / 60_000} min`,
);
measuring = true;
soakStarted = performance.now();
const until = soakStarted + MINUTES * 60_000;
sample(first, 0);
const sampler = setInterval(() => {
  const minute = Math.round((performance.now() - soakStarted) / 60_000);
  sample(first, minute);
  const window = windows.at(-1);
  log(
    `minute ${minute}: ${windows.reduce((n, w) => n + w.times.length, 0)} ok calls, ${windows.reduce((n, w) => n + w.errors, 0)} errors · heap ${samples.at(-1)?.heapMb ?? '?'} MB · sessions ${samples.at(-1)?.sessions ?? '?'} · p95 now ${percentile(window?.times ?? [], 95).toFixed(0)} ms`,
  );
}, 60_000);
const [, cycles] = await Promise.all([
  Promise.all(players.map((player) => playerLoop(player, until))),
  tournamentLoop(until),
  browserLoop(until),
]);
clearInterval(sampler);
measuring = false;

if ((samples.at(-1)?.minute ?? -1) < MINUTES) sample(first, MINUTES);

// ---- after: checks, snapshot, Ctrl-C, restart, compare ----
const checkRun = (script: string) => {
  const started = performance.now();
  const result = spawnSync('npx', ['tsx', script], {
    cwd: root,
    env: { ...process.env, ...emulatorEnv },
    encoding: 'utf8',
  });
  writeFileSync(join(out, `${script.split('/').pop()}.log`), `${result.stdout}\n${result.stderr}`);
  return { ok: result.status === 0, seconds: (performance.now() - started) / 1000 };
};
const ledger = checkRun('scripts/check-ledger.ts');
/** npm start's recycles of the emulator during the run, from its log (scripts/start.mjs). */
const startLog = readFileSync(join(out, 'start-1.log'), 'utf8');
const recycles = {
  seconds: [...startLog.matchAll(/recycled the Firestore emulator in ([\d.]+) s/g)].map((match) => Number(match[1])),
  failed: [...startLog.matchAll(/the recycle failed/g)].length,
};
const stats = checkRun('scripts/check-stats.ts');

/** Keys sorted all the way down, so that a digest does not depend on the order fields come in. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

/**
 * Every document (path → a digest of its fields), read with one kindless query over all
 * collections (the emulator's REST runQuery, 5,000 at a time), and every account.
 */
async function snapshot() {
  const documents = new Map<string, string>();
  const base = `http://${emulatorEnv.FIRESTORE_EMULATOR_HOST}/v1/projects/${emulatorEnv.GCLOUD_PROJECT}/databases/(default)/documents`;
  let last: string | undefined;
  for (;;) {
    const response = await fetch(`${base}:runQuery`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        structuredQuery: {
          from: [{ allDescendants: true }],
          orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
          limit: 5000,
          ...(last ? { startAt: { values: [{ referenceValue: last }], before: false } } : {}),
        },
      }),
    });
    const page = (await response.json()) as { document?: { name: string; fields?: unknown } }[];
    const found = page.flatMap((entry) => (entry.document ? [entry.document] : []));
    for (const document of found)
      documents.set(
        document.name.split('/documents/')[1]!,
        createHash('sha256')
          .update(JSON.stringify(canonical(document.fields ?? {})))
          .digest('hex')
          .slice(0, 16),
      );
    if (found.length < 5000) break;
    last = found.at(-1)!.name;
  }
  const accounts = new Set<string>();
  let token: string | undefined;
  do {
    const listed = await auth.listUsers(1000, token);
    for (const user of listed.users) accounts.add(user.uid);
    token = listed.pageToken;
  } while (token);
  return { documents, accounts };
}
const before = await snapshot();
log(`snapshot: ${before.documents.size} documents, ${before.accounts.size} accounts; Ctrl-C…`);
const stopped = await stopStack(first);
const second = await startStack([], 'start-2.log');
const imported = /Data\s+(imported[^\n]*)/.exec(second.output())?.[1] ?? '(nothing imported)';
const after = await snapshot();
const missing = [...before.documents.keys()].filter((path) => !after.documents.has(path));
// The sweeper writes two documents on its own between the snapshot and Ctrl-C: the landing page's
// published figures, from their shards (compared like every other document), every 30 s after a
// change, and the day's count of calls to OpenDota (api_usage), when it asks the game.
const sweeperOwn = (path: string) => path === 'statistics/user_statistics' || path.startsWith('api_usage/');
const changed = [...before.documents].filter(
  ([path, digest]) => !sweeperOwn(path) && after.documents.has(path) && after.documents.get(path) !== digest,
);
const accountsMissing = [...before.accounts].filter((uid) => !after.accounts.has(uid));
const signInAfter = (await signIn(players[0]!.email)) ? 'yes' : 'no';
const stoppedAgain = await stopStack(second);

// ---- the table ----
// Windows inside the run (a call still running at its end may land in one more).
const full = windows.slice(0, Math.ceil((MINUTES * 60_000) / WINDOW_MS));
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
console.log(
  `\nbench:soak ${run}: ${MINUTES} min, ${USERS} players, ${cycles} tournament rounds (${[...tournamentResults].map(([k, n]) => `${n} ${k}`).join(', ')}), ${browserSessions} tab sessions (${vanishedTabs} gone offline first)\n`,
);
console.log('minutes      calls    req/s   p50 ms   p95 ms  errors  5xx');
for (const [index, window] of full.entries()) {
  const from = (index * WINDOW_MS) / 60_000;
  console.log(
    `${`${from}–${from + WINDOW_MS / 60_000}`.padEnd(10)} ${String(window.times.length).padStart(7)} ${(window.times.length / (WINDOW_MS / 1000)).toFixed(1).padStart(8)} ${percentile(window.times, 50).toFixed(0).padStart(8)} ${percentile(window.times, 95).toFixed(0).padStart(8)} ${String(window.errors).padStart(7)} ${String(window.fives).padStart(4)}`,
  );
}
const labels = [...new Set(samples.flatMap((s) => Object.keys(s.rss)))];
console.log(`\nminute  heap MB  sessions  queued  ${labels.map((label) => label.padStart(16)).join('')}   (RSS MB)`);
for (const s of samples.filter(
  (s, i) => i % Math.max(1, Math.floor(samples.length / 12)) === 0 || i === samples.length - 1,
))
  console.log(
    `${String(s.minute).padStart(6)} ${String(s.heapMb ?? '?').padStart(8)} ${String(s.sessions ?? '?').padStart(9)} ${String(s.envelopes ?? '?').padStart(7)}  ${labels.map((label) => String(s.rss[label] ?? '–').padStart(16)).join('')}`,
  );
console.log('\nslowest commands (p95 over the run):');
for (const [route, list] of [...byCommand].sort((a, b) => percentile(b[1], 95) - percentile(a[1], 95)).slice(0, 8))
  console.log(
    `  ${route.padEnd(62)} ${String(list.length).padStart(6)} calls  p50 ${percentile(list, 50).toFixed(0).padStart(5)}  p95 ${percentile(list, 95).toFixed(0).padStart(5)} ms`,
  );
for (const [kind, n] of errorKinds) console.log(`  error ×${n}: ${kind}`);

// ---- the verdict ----
const totalErrors = windows.reduce((n, w) => n + w.errors, 0);
const totalFives = windows.reduce((n, w) => n + w.fives, 0);
const p95First = percentile(full[0]?.times ?? [], 95);
const p95Last = percentile(full.at(-1)?.times ?? [], 95);
/** Grows no faster in the last third of the run than in the first (data grows steadily; a leak grows faster and faster). */
const third = Math.max(1, Math.floor((samples.length - 1) / 3));
const growth = (read: (s: Sample) => number | null | undefined, from: number, to: number) =>
  (read(samples[to]!) ?? 0) - (read(samples[from]!) ?? 0);
const levelsOff = (read: (s: Sample) => number | null | undefined, slackMb: number) => {
  const early = growth(read, 0, third);
  const late = growth(read, samples.length - 1 - third, samples.length - 1);
  return { early, late, ok: late <= Math.max(early * 1.25, slackMb) };
};
const memory = [
  ['Firestore live heap', levelsOff((s) => s.heapMb, 48)] as const,
  ...labels
    .filter((label) => label !== 'Firestore JVM')
    .map((label) => [`${label} RSS`, levelsOff((s) => s.rss[label], 48)] as const),
];
const verdicts: [string, boolean][] = [
  [`0 errors (${totalErrors})`, totalErrors === 0],
  [`0 5xx (${totalFives})`, totalFives === 0],
  [
    `last window's p95 ≤ 1.5× the first's (${p95Last.toFixed(0)} vs ${p95First.toFixed(0)} ms)`,
    p95Last <= 1.5 * p95First,
  ],
  ...memory.map(
    ([name, m]) =>
      [
        `${name} levels off (+${m.early}${name.endsWith('messages') ? '' : ' MB'} in the first third, +${m.late} in the last)`,
        m.ok,
      ] as [string, boolean],
  ),
  [
    quiet.length > 0
      ? `with every tab gone, nothing queued for browsers (${quiet.map((n) => `+${n}`).join(', ')} messages in ${quiet.length} quiet ${QUIET_MS / 1000} s spells)`
      : 'no quiet spell measured (needs jcmd and a browser round shorter than --browser-every)',
    quiet.every((n) => n <= 0),
  ],
  [
    `open tabs showed a new chat message within 5 s (${liveChecks.delivered} of ${liveChecks.checked}; after a recycle of the emulator ${liveChecks.deliveredAcross} of ${liveChecks.acrossRecycle}; slowest ${(liveChecks.slowestMs / 1000).toFixed(1)} s)`,
    liveChecks.delivered === liveChecks.checked &&
      liveChecks.slowestMs <= 5_000 &&
      // Asked to recycle often (npm test's stage): a tab must have lived through one.
      (!values['recycle-after'] || liveChecks.acrossRecycle > 0),
  ],
  [
    recycles.seconds.length > 0
      ? `npm start recycled the emulator ${recycles.seconds.length}× (${recycles.seconds.map((n) => `${n} s`).join(', ')}), ${recycles.failed} failed`
      : `npm start did not recycle the emulator (${recycles.failed} failed)`,
    recycles.failed === 0,
  ],
  [`check:ledger clean (${ledger.seconds.toFixed(0)} s)`, ledger.ok],
  [`check:stats clean (${stats.seconds.toFixed(0)} s)`, stats.ok],
  [
    `Ctrl-C stopped everything in ${stopped.seconds.toFixed(1)} s (left: ${stopped.left.length} processes, ports ${stopped.ports.join(', ') || 'none'})`,
    stopped.exited && stopped.left.length === 0 && stopped.ports.length === 0,
  ],
  [`the restart ${imported}`, imported.startsWith('imported')],
  [
    `every document back (${before.documents.size}; missing ${missing.length}, changed ${changed.length})`,
    missing.length === 0 && changed.length === 0,
  ],
  [
    `every account back (${before.accounts.size}; missing ${accountsMissing.length}), a soak player signs in: ${signInAfter}`,
    accountsMissing.length === 0,
  ],
  [
    `the second Ctrl-C stop: ${stoppedAgain.seconds.toFixed(1)} s, ${stoppedAgain.left.length} left`,
    stoppedAgain.exited && stoppedAgain.left.length === 0,
  ],
];
console.log('');
for (const [text, ok] of verdicts) console.log(`${ok ? '\x1b[32m✓\x1b[0m' : '\x1b[31m✗\x1b[0m'} ${text}`);
if (missing.length + changed.length > 0)
  console.log(`  e.g. ${[...missing, ...changed.map(([p]) => `${p} (changed)`)].slice(0, 5).join(', ')}`);
writeFileSync(
  join(out, `soak-${run}.json`),
  JSON.stringify(
    {
      minutes: MINUTES,
      users: USERS,
      windows: windows.map((w) => ({
        calls: w.times.length,
        p50: percentile(w.times, 50),
        p95: percentile(w.times, 95),
        errors: w.errors,
        fives: w.fives,
      })),
      samples,
      verdicts,
    },
    null,
    1,
  ),
);
const passed = verdicts.every(([, ok]) => ok);
console.log(
  `\n${passed ? 'PASS' : 'FAIL'} (figures in .cache/soak/soak-${run}.json, npm start's logs in .cache/soak/start-*.log)`,
);
process.exit(passed ? 0 : 1);
