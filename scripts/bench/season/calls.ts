// bench:season's calls: each command through the host, timed per route (its p50/p95 and its waits
// on Firestore and on a provider, from the host's headers), refusals by code, and one fresh
// Idempotency-Key a call for the commands the web app keys.
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { BASELINE } from '../common';

export type Body = Record<string, unknown>;
export interface Person {
  uid: string;
  token: string;
  index: number;
}
export const chunked = <T>(items: T[], size = 100) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
export const pick = <T>(items: T[], count: number) => [...items].sort(() => Math.random() - 0.5).slice(0, count);

/** What the calls measured, per route (the no-op's under BASELINE). */
export interface Figures {
  times: Map<string, number[]>;
  /** The same latencies less the time the host waited on PayPal or the game's API (its header). */
  ownTimes: Map<string, number[]>;
  /** Routes that waited on a provider. */
  thirdParty: Set<string>;
  /** When each timed call started (performance.now()), in the same order: for the same-time baseline. */
  startedAt: Map<string, number[]>;
  /** How long each call had a Firestore read or commit open (the host's header). */
  firestoreTimes: Map<string, number[]>;
  /** The latencies less both waits, on Firestore and on a provider: what the host and our code took. */
  apartTimes: Map<string, number[]>;
}

/** The season's calls to the host at `url`, at most `concurrency` at once. */
export function seasonCalls(url: string, concurrency: number) {
  const figures: Figures = {
    times: new Map(),
    ownTimes: new Map(),
    thirdParty: new Set(),
    startedAt: new Map(),
    firestoreTimes: new Map(),
    apartTimes: new Map(),
  };
  const { times, ownTimes, thirdParty, startedAt, firestoreTimes, apartTimes } = figures;
  const errors = new Map<string, number>();
  const asked = new Map<string, number>();
  const gate = pLimit(concurrency);
  let sinceBaseline = 0;

  /** Calls a command through the host; `allowed` are refusals the simulation asks for (counted apart). */
  async function command(
    route: string,
    path: string,
    who: Person | { token: string } | null,
    body: unknown,
    allowed: string[] = [],
  ): Promise<Body | undefined> {
    if (++sinceBaseline % 8 === 0 && who) void gate(() => timedFetch(`POST /bench/noop`, '/bench/noop', who.token, {}));
    return gate(() => timedFetch(route, path, who?.token ?? null, body, allowed));
  }
  /**
   * The commands the web app sends with an Idempotency-Key (its `useCommand(…, { idempotent: true })`):
   * sent so here too, one fresh key a call, so the season pays for the key as a player's browser does.
   */
  const KEYED = new Set([
    'POST /battles/challenge',
    'POST /battles/challenges/:id/accept',
    'POST /battles/:id/confirm',
    'POST /tournaments/:id/join',
    'POST /wallet/createPurchaseIntent',
    'POST /wallet/withdraw',
    'POST /wallet/withdrawCreatorCodeBucks',
  ]);

  async function timedFetch(route: string, path: string, token: string | null, body: unknown, allowed: string[] = []) {
    const [method] = route.split(' ');
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(KEYED.has(route) ? { 'idempotency-key': randomUUID() } : {}),
        ...(body instanceof Buffer ? { 'content-type': 'image/png' } : { 'content-type': 'application/json' }),
      },
      body: body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => ({}))) as Body;
    const elapsed = performance.now() - started;
    const name = route === 'POST /bench/noop' ? BASELINE : route;
    if (response.ok) {
      const outbound = Number(response.headers.get('x-bench-outbound-ms') ?? 0);
      const firestore = Number(response.headers.get('x-bench-firestore-ms') ?? 0);
      if (outbound > 0) thirdParty.add(name);
      for (const [map, value] of [
        [times, elapsed],
        [ownTimes, elapsed - outbound],
        [startedAt, started],
        [firestoreTimes, firestore],
        [apartTimes, elapsed - outbound - firestore],
      ] as const) {
        const list = map.get(name) ?? [];
        list.push(value);
        map.set(name, list);
      }
      return payload;
    }
    const key = `${route} → ${response.status} ${String(payload.code ?? payload.message)}`;
    const tally = allowed.includes(String(payload.code)) ? asked : errors;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    if (tally === errors && (errors.get(key) ?? 0) === 1) console.warn(`\n${key}: ${String(payload.message)}`);
    return undefined;
  }
  const sweep = (now: number, scope: Body) =>
    command('POST /internal/sweep', '/internal/sweep', null, { now, ...scope });

  /** Forgets what was measured so far (the setup's calls), errors included. */
  const clear = () => {
    for (const map of [times, ownTimes, startedAt, firestoreTimes, apartTimes]) map.clear();
    thirdParty.clear();
    errors.clear();
  };
  return { command, timedFetch, sweep, figures, errors, asked, clear };
}
