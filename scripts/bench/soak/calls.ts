// bench:soak's calls through `/api`, as the web app makes them (its ID token renewed within the hour,
// App Check's token, an Idempotency-Key on the keyed commands), timed per window of the run while
// it measures; errors by kind, refusals the soak asks for apart.
import { randomUUID } from 'node:crypto';
import { localAppCheckToken } from '../../lib/stack.mjs';
import { sandbox as standInSandbox } from '../common';

export interface Player {
  uid: string;
  email: string;
  token: string;
  signedAt: number;
  index: number;
  busy: boolean;
  following: Set<string>;
  paypal: boolean;
}
export interface Window {
  times: number[];
  errors: number;
  fives: number;
  refusals: number;
}

/** The p-th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The soak's calls to `api`, windows of `WINDOW_MS`; `clock` says whether and since when it measures. */
export function soakCalls({
  api: API,
  auth: AUTH,
  standIn: STAND_IN,
  password: PASSWORD,
  windowMs: WINDOW_MS,
  log,
}: {
  api: string;
  auth: string;
  standIn: string;
  password: string;
  windowMs: number;
  log: (message: string) => void;
}) {
  const clock = { measuring: false, started: 0 };
  const windows: Window[] = [];
  const byCommand = new Map<string, number[]>();
  const errorKinds = new Map<string, number>();
  const windowNow = (): Window => {
    const index = Math.floor((performance.now() - clock.started) / WINDOW_MS);
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
    if (!clock.measuring) return status >= 200 && status < 300 ? payload : undefined;
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

  const sandbox = (path: string, body: unknown = {}) => standInSandbox(STAND_IN, path, body);

  return { call, signIn, sandbox, clock, windows, byCommand, errorKinds };
}
