// What every benchmark needs (DESIGN §8): the stack (the running one, or its own), the one-process
// host (scripts/lib/api-host.mjs: the built `api` function under Cloud Run functions' server),
// calls to it, verified bench users, timings per command, and the table that compares each
// command's p95 with the authenticated no-op's through the same host in the same run.
import { spawnSync } from 'node:child_process';
import type { Firestore } from 'firebase-admin/firestore';
import {
  buildFunctions,
  emulatorEnv,
  isListening,
  startEmulators,
  startApiHost,
  startPaymentStandIn,
  startGameStandIn,
  startAppCheckStandIn,
  startAlertStandIns,
  stopChild,
  PORTS,
  HOST_URL,
  type StackChild,
} from '../lib/stack.mjs';

export const BASELINE = 'authenticated no-op';

/**
 * A tournament's creation body for the benches: a solo VALORANT tournament in the EU on PC (a paid
 * one carries the demo Riot licence and its countries, issue #58; a free one ignores them), with
 * each bench's own fields on top.
 */
export const benchTournament = (fields: Record<string, unknown>) => ({
  game: 'valorant',
  region: 'EU',
  riotLicence: 'EUR-DEMO-0001',
  riotLicenceCountries: ['FI', 'SE', 'DK', 'NO', 'IS'],
  platform: ['PC'],
  gameFormat: 'SOLO',
  teamSize: 1,
  timeZone: 'Europe/Helsinki',
  coverImage: null,
  terms: true,
  ...fields,
});

/** A call to a stand-in's sandbox (PayPal's at 5010: approvals, connect codes; the games' at 5011). */
export const sandbox = async <T = Record<string, string>>(base: string, path: string, body: unknown = {}) =>
  (await (
    await fetch(`${base}/__sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as T;

export async function startBench(
  options: {
    standIn?: boolean;
    games?: boolean;
    appCheck?: boolean;
    /** MailDev and the push and Discord stand-in (issue #60). */
    alerts?: boolean;
    countOperations?: boolean;
    hostEnv?: Record<string, string>;
  } = {},
) {
  const ownStack = !(await isListening(PORTS.firestore));
  let emulators: StackChild | undefined;
  let standIn: StackChild | undefined;
  let games: StackChild | undefined;
  let appCheck: StackChild | undefined;
  let alertStandIns: StackChild[] = [];
  buildFunctions();
  if (ownStack) {
    emulators = await startEmulators({ quiet: true, functions: false });
    standIn = await startPaymentStandIn({ quiet: true, apiUrl: HOST_URL });
    if (options.games) games = await startGameStandIn({ quiet: true });
    if (options.appCheck) appCheck = await startAppCheckStandIn({ quiet: true });
    if (options.alerts) alertStandIns = await startAlertStandIns({ quiet: true });
  } else if (options.alerts && !(await isListening(PORTS.alerts))) {
    throw new Error('the emulators run but the alerts stand-ins do not: start the stack with npm start');
  } else if (options.standIn && !(await isListening(PORTS.paypal))) {
    throw new Error('the emulators run but the PayPal stand-in does not: start the stack with npm start');
  } else if (options.games && !(await isListening(PORTS.games))) {
    throw new Error('the emulators run but the game stand-in does not: start the stack with npm start');
  }
  Object.assign(process.env, emulatorEnv);
  const { adminForEmulators } = await import('../lib/emulator-admin');
  const { db, auth } = adminForEmulators();
  const { registerAccount } = await import('../../functions/src/users/service');

  // The host in its own process, so the load generator does not share its event loop; beside a
  // running `npm start`, on a port of its own.
  const port = ownStack ? PORTS.host : PORTS.benchHost;
  const host = await startApiHost({
    quiet: true,
    countOperations: options.countOperations,
    port,
    env: options.hostEnv,
  });
  const url = `http://127.0.0.1:${port}`;

  /** POST to the host; a refusal throws with its status and message. */
  async function api(path: string, token: string | null, body: unknown) {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const payload = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path} ${response.status} ${String(payload.message)}`);
    return payload;
  }

  async function signIn(email: string, password: string) {
    const response = await fetch(
      `http://${emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      },
    );
    return ((await response.json()) as { idToken: string }).idToken;
  }

  /** A registered, verified user named after the run and an index, signed in. */
  async function benchUser(name: string, index: number | string) {
    const email = `bench-${name}-${index}@versus.test`;
    const { uid } = await registerAccount(
      {
        email,
        password: 'Bench-pass-1',
        displayName: `bench_${name}_${index}`.replaceAll('-', '_'),
        firstName: 'Bench',
        lastName: 'User',
        country: 'FI',
        terms: true,
      },
      Date.now(),
    );
    await auth.updateUser(uid, { emailVerified: true });
    return { uid, email, token: await signIn(email, 'Bench-pass-1') };
  }

  /** Many users, a few at a time (registration is heavy on the Auth emulator). */
  async function benchUsers<T>(count: number, make: (index: number) => Promise<T>, wave = 8): Promise<T[]> {
    const made: T[] = [];
    for (let start = 0; start < count; start += wave)
      made.push(
        ...(await Promise.all(Array.from({ length: Math.min(wave, count - start) }, (_, i) => make(start + i)))),
      );
    return made;
  }

  /** The ledger check on the bench's data (exit status), then the host and an own stack stopped. */
  async function finish(): Promise<number> {
    const check = spawnSync('npx', ['tsx', 'scripts/check-ledger.ts'], {
      stdio: 'inherit',
      env: { ...process.env, ...emulatorEnv },
    });
    await stopChild(host, 5_000);
    if (ownStack) {
      await stopChild(games, 5_000);
      await stopChild(appCheck, 5_000);
      await Promise.all(alertStandIns.map((child) => stopChild(child, 5_000)));
      await stopChild(standIn, 5_000);
      await stopChild(emulators, 30_000);
    }
    return check.status ?? 1;
  }

  return { url, db, auth, api, signIn, benchUser, benchUsers, finish };
}

/** The wallet's settings and the coin bundle the money benchmarks buy (a 1,000-coin minimum withdrawal). */
export async function walletFixtures(db: Firestore) {
  await db
    .doc('settings/wallet')
    .set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: 70 }, { merge: true });
  await db
    .doc('products/coins-2750')
    .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} }, { merge: true });
}

/** Timings per command; a failure is counted and its first message shown. */
export function timings() {
  const times = new Map<string, number[]>();
  const failures = new Map<string, number>();
  async function timed<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const result = await fn();
      times.set(name, [...(times.get(name) ?? []), performance.now() - started]);
      return result;
    } catch (error) {
      failures.set(name, (failures.get(name) ?? 0) + 1);
      if ((failures.get(name) ?? 0) === 1) console.warn(`${name} failed: ${String(error)}`);
      return undefined;
    }
  }
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

  /** The table: count, failures, (req/s over `seconds`), p50, p95 and p95 against the no-op's. */
  function report(names: string[], seconds?: number) {
    const baselineP95 = percentile(
      [...(times.get(BASELINE) ?? [])].sort((a, b) => a - b),
      95,
    );
    const rate = seconds ? ` ${'req/s'.padStart(7)}` : '';
    console.log(
      `\n${'command'.padEnd(26)} ${'ok'.padStart(5)} ${'failed'.padStart(6)}${rate} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p95 ÷ no-op'.padStart(12)}`,
    );
    for (const name of [...names, BASELINE]) {
      const sorted = [...(times.get(name) ?? [])].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      const perSecond = seconds ? ` ${(sorted.length / seconds).toFixed(1).padStart(7)}` : '';
      console.log(
        `${name.padEnd(26)} ${String(sorted.length).padStart(5)} ${String(failures.get(name) ?? 0).padStart(6)}${perSecond} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${p95.toFixed(0).padStart(8)} ${(p95 / baselineP95).toFixed(1).padStart(11)}×`,
      );
    }
  }
  return { timed, report, failures };
}

const PUSH_STAND_IN = 'http://127.0.0.1:5013';
const MAILDEV = 'http://127.0.0.1:1080/api';

/** A push device of the stand-in for a bench player, registered as a browser would: its stand-in id. */
export async function pushDeviceFor(
  api: (path: string, token: string | null, body: unknown) => Promise<Record<string, unknown>>,
  token: string,
): Promise<string> {
  const device = (await (await fetch(`${PUSH_STAND_IN}/devices`, { method: 'POST' })).json()) as {
    id: string;
    endpoint: string;
    keys: unknown;
  };
  await api('/me/push-devices', token, { endpoint: device.endpoint, keys: device.keys });
  return device.id;
}

/**
 * Alerts off the site (issue #60): once the outbox of these players has nothing left to send (or
 * 30 s have passed), what it sent per channel, and what arrived twice: an e-mail with a Message-ID
 * MailDev already has, a push whose topic (one per alert) came again to the same device.
 */
export async function offSiteDeliveries(
  db: FirebaseFirestore.Firestore,
  uids: string[],
  emails: string[],
  devices: string[],
) {
  const read = async () =>
    (await Promise.all(uids.map((uid) => db.collection('outbox').where('uid', '==', uid).get()))).flatMap((found) =>
      found.docs.map((doc) => doc.data()),
    );
  let alerts = await read();
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    if (alerts.every((alert) => alert.state !== 'PENDING')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    alerts = await read();
  }
  const sent = { email: 0, push: 0 };
  for (const alert of alerts)
    for (const key of Object.keys((alert.sent as Record<string, number> | undefined) ?? {}))
      sent[key.startsWith('push:') ? 'push' : 'email'] += 1;
  const ours = new Set(emails);
  const mails = (await (await fetch(`${MAILDEV}/email`)).json()) as {
    headers: Record<string, string>;
    to: { address: string }[];
  }[];
  const ids = new Map<string, number>();
  for (const mail of mails.filter((item) => item.to.some((to) => ours.has(to.address)))) {
    const id = mail.headers['message-id'] ?? '';
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  const pushes = (
    await Promise.all(
      devices.map(
        async (device) =>
          (await (await fetch(`${PUSH_STAND_IN}/pushes?device=${device}`)).json()) as { copies: number }[],
      ),
    )
  ).flat();
  return {
    sent,
    offSiteDuplicates:
      [...ids.values()].reduce((sum, count) => sum + count - 1, 0) +
      pushes.reduce((sum, push) => sum + push.copies - 1, 0),
    undelivered: alerts.filter((alert) => alert.state !== 'DONE').length,
  };
}
