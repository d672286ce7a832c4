// npm run bench:abuse
// What a refused request costs us (issue #58, DESIGN §8 "a refused request costs nothing"): every
// route of the `api` function is sent, through the one-process host with its operation counter,
//   - no token, a garbage token, a token for no user (forged: the Auth emulator takes unsigned
//     tokens, so only the user's absence refuses it), an expired one and one for another project
//     (wrong audience), each as the caller of a real player where the route takes a body;
//   - a real player's token with a body the route's schema refuses (bad input);
// and each class of rate-limited command is flooded by one player past its limit (and registration
// from one address), production's address limits included (RATE_LIMIT_ADDRESS_FACTOR=1 on this
// host). It prints, per kind of refusal, the requests, their answers and the Firestore reads and
// writes they caused, counted by the host. Passes only when every refusal answered 4xx with 0 reads
// and 0 writes. Uses a running stack (`npm start`, beside its host) or starts its own.
import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { startBench } from './common';
import { unsignedToken } from '../../functions/test/unsigned-token';
import { appCheckHostEnv, localAppCheckToken } from '../lib/stack.mjs';
import { RATE_LIMITS, type CommandClass } from '../../functions/src/api/rate-limit';

const { url, signIn, benchUser, finish } = await startBench({
  countOperations: true,
  appCheck: true,
  hostEnv: { ...appCheckHostEnv, RATE_LIMIT_ADDRESS_FACTOR: '1' },
});
// Every request below carries the web app's attestation, but those of the first kind.
const attestation = await localAppCheckToken('versus-abuse');
const { createApp } = await import('../../functions/src/app');
const { systemClock } = await import('../../functions/src/platform/clock');

// ---- every route, from the app itself ----
interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}
const routes = new Map<string, { method: string; path: string }>();
const walk = (stack: Layer[]) => {
  for (const layer of stack) {
    if (layer.route)
      for (const path of [layer.route.path].flat())
        for (const method of Object.keys(layer.route.methods))
          routes.set(`${method.toUpperCase()} ${path}`, { method: method.toUpperCase(), path });
    else if (layer.handle?.stack) walk(layer.handle.stack);
  }
};
walk((createApp(systemClock) as unknown as { router: Router & { stack: Layer[] } }).router.stack);
const fill = (path: string) => path.replace(/:[A-Za-z]+/g, () => `abuse${randomUUID().slice(0, 8)}`);

// ---- tokens ----
const run = randomUUID().slice(0, 6);
const player = await benchUser(`abuse-${run}`, 0);
const refusals: Record<string, string | null> = {
  'no token': null,
  'garbage token': 'not-a-token',
  'forged (no such user)': unsignedToken(`nobody-${randomUUID()}`),
  expired: unsignedToken(player.uid, { expiresIn: -60, issuedAgo: 7200 }),
  'wrong audience': unsignedToken(player.uid, { aud: 'another-project' }),
};

// ---- sending, and what the host counted ----
interface Tally {
  requests: number;
  statuses: Map<number, number>;
  reads: number;
  writes: number;
  costly: Set<string>;
}
const operations = async () =>
  (await (await fetch(`${url}/bench/operations`, { method: 'POST' })).json()) as {
    commands: Record<string, { calls: number; reads: number; writes: number; guards: number }>;
  };
async function send(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  type = 'application/json',
  attested = true,
) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': type } : {}),
      ...(attested ? { 'x-firebase-appcheck': attestation } : {}),
    },
    body: body === undefined ? undefined : body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}
/** Runs `work`, then reads what the host counted for it: every request must be refused at no cost. */
async function tally(work: () => Promise<number[]>): Promise<Tally> {
  await operations();
  const statuses = await work();
  // A group commit may still be flushing; nothing here should have started one.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const { commands } = await operations();
  const result: Tally = { requests: statuses.length, statuses: new Map(), reads: 0, writes: 0, costly: new Set() };
  for (const status of statuses) result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
  for (const [command, counted] of Object.entries(commands)) {
    result.reads += counted.reads;
    result.writes += counted.writes + counted.guards;
    if (counted.reads + counted.writes + counted.guards > 0) result.costly.add(command);
  }
  return result;
}

const rows: [string, Tally, boolean][] = [];
const refused = (t: Tally, statuses: number[]) =>
  t.reads === 0 && t.writes === 0 && [...t.statuses.keys()].every((status) => statuses.includes(status));

// No App Check token (a script, not our web app): every command but the webhook and the sweeper.
{
  const unattested = await benchUser(`abuse-${randomUUID().slice(0, 6)}`, 'unattested');
  const token = await signIn(unattested.email, 'Bench-pass-1');
  const result = await tally(async () => {
    const statuses: number[] = [];
    for (const { method, path } of routes.values()) {
      if (method === 'GET') continue;
      const status = await send(method, fill(path), token, {}, 'application/json', false);
      if (status === 401) statuses.push(status);
    }
    return statuses;
  });
  rows.push([`no App Check token (${result.requests} commands)`, result, refused(result, [401])]);
}

// Which routes are open: sent once without a token, untallied. Every route that answered something
// other than 401 must be one meant to be open; the token rows then count only the others.
const open = new Set<string>();
for (const [key, { method, path }] of routes) {
  const status = await send(method, fill(path), null, method === 'GET' || method === 'DELETE' ? undefined : {});
  if (status !== 401) open.add(key);
}
// Open by design: the health check, registration, public searches and pages (prerendered profiles,
// boards, embeds), PayPal's signed webhook, the sweeper (its own key in production), blobs, and the
// links whose signed token is the capability (an alert's off link, a data archive, a calendar feed),
// a public calendar file and the push service's public key.
const meantOpen = (key: string) =>
  /^(GET \/health|POST \/auth\/register|GET \/searchUsers|GET \/searchTournaments|POST \/wallet\/paypalWebhook|POST \/internal\/sweep|GET \/blobs|GET \/tournaments|GET \/:locale|GET \/bench|GET \/user\/|GET \/leaderboards|GET \/embed\/|POST (\/api)?\/alerts\/off|GET \/dataExports\/|GET \/calendar\/|GET \/alerts\/push-key)/.test(
    key,
  );
const guarded = [...routes].filter(([key]) => !open.has(key)).map(([, route]) => route);

// Tokens: every route that needs one answers 401, at no cost.
for (const [name, token] of Object.entries(refusals)) {
  const result = await tally(async () => {
    const statuses: number[] = [];
    for (const { method, path } of guarded)
      statuses.push(await send(method, fill(path), token, method === 'GET' || method === 'DELETE' ? undefined : {}));
    return statuses;
  });
  rows.push([`${name} (${result.requests} routes)`, result, refused(result, [401])]);
}

// Bad input with a real token: every command sent a body its schema refuses. A command with no
// body, or whose schema drops unknown fields, goes on to its own checks (a 404 for an id that
// does not exist, after its reads): only the ones that answered 400 to the body are counted,
// found in an untallied pass first.
// Players take turns, each under the flood limit's minute (`signed`), which would answer 429 instead.
{
  const players = [player, ...(await Promise.all([1, 2, 3].map((index) => benchUser(`abuse-${run}`, index))))];
  let turn = 0;
  const token = () => players[turn++ % players.length]!.token;
  const badBody = { abuse: ['not', 'a', 'field'], displayName: 42, amount: 'lots', text: { nested: true } };
  const refusing: { method: string; path: string }[] = [];
  for (const route of guarded) {
    if (route.method !== 'POST' && route.method !== 'PUT') continue;
    const filled = fill(route.path);
    if ((await send(route.method, filled, token(), badBody)) === 400)
      refusing.push({ method: route.method, path: filled });
  }
  const result = await tally(async () => {
    const statuses: number[] = [];
    for (const { method, path } of refusing) statuses.push(await send(method, path, token(), badBody));
    return statuses;
  });
  rows.push([`bad input (${result.requests} commands that refuse it)`, result, refused(result, [400])]);
}

// Floods past each class's limit: one player (or, for registration, one address).
const flood: Record<CommandClass, (token: string) => Promise<number>> = {
  signed: (token) => send('POST', '/notifications/markAsViewed', token, { notifications: 'all' }),
  coins: (token) => send('POST', `/tournaments/${fill(':id')}/leave`, token, {}),
  uploads: (token) => send('POST', '/uploads/proof', token, Buffer.from('not an image'), 'image/png'),
  chat: (token) => send('POST', `/rooms/${fill(':id')}/sendMessage`, token, {}),
  search: (token) => send('GET', '/suggestUsers?displayName=abuse', token),
  register: () => send('POST', '/auth/register', null, {}),
  email: (token) => send('POST', '/profile/resendEmailVerification', token, undefined),
  export: (token) => send('POST', '/profile/dataExport', token, undefined),
  // A body the route takes (a bad one is refused before the limit: 400 at no cost, never 429).
  link: (token) =>
    send('POST', '/profile/connections/steam/start', token, { returnTo: 'http://localhost:5173/profile/settings' }),
  calendar: (token) => send('POST', '/profile/calendarFeed', token, undefined),
  alerts: (token) => send('POST', '/me/push-devices', token, {}),
};
for (const [kind, request] of Object.entries(flood) as [CommandClass, (token: string) => Promise<number>][]) {
  const flooder = await benchUser(`abuse-${kind}-${randomUUID().slice(0, 6)}`, 0);
  const limit = RATE_LIMITS[kind].user?.points ?? RATE_LIMITS[kind].address.points;
  // Up to the limit: these are ordinary requests (refused for their own reasons, or not).
  for (let index = 0; index < limit; index += 1) await request(flooder.token);
  const result = await tally(async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) statuses.push(await request(flooder.token));
    return statuses;
  });
  rows.push([
    `${kind} past ${limit} a ${RATE_LIMITS[kind].user ? 'player' : 'address'}`,
    result,
    refused(result, [429]),
  ]);
}

// ---- the table ----
console.log(
  `\n${'refusal'.padEnd(48)} ${'requests'.padStart(8)}  ${'answers'.padEnd(22)} ${'reads'.padStart(6)} ${'writes'.padStart(6)}`,
);
for (const [name, result, ok] of rows)
  console.log(
    `${ok ? '\x1b[32m✓\x1b[0m' : '\x1b[31m✗\x1b[0m'} ${name.padEnd(46)} ${String(result.requests).padStart(8)}  ${[
      ...result.statuses,
    ]
      .map(([status, n]) => `${n}×${status}`)
      .join(' ')
      .padEnd(
        22,
      )} ${String(result.reads).padStart(6)} ${String(result.writes).padStart(6)}${result.costly.size ? `  (${[...result.costly].join(', ')})` : ''}`,
  );
const unexpected = [...open].filter((key) => !meantOpen(key));
console.log(`\nroutes that need no token: ${[...open].join(', ')}`);
if (unexpected.length)
  console.log(`\x1b[31m✗\x1b[0m answered without a token though not meant to be open: ${unexpected.join(', ')}`);
const passed = rows.every(([, , ok]) => ok) && unexpected.length === 0;
console.log(passed ? '\nPASS: every refusal cost 0 reads and 0 writes' : '\nFAIL');
const code = await finish();
process.exit(passed && code === 0 ? 0 : 1);
