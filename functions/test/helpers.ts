import { createHash, randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { runOptimistic } from '../src/platform/optimistic';
import { findLedgerProblems } from '../../scripts/lib/ledger-check';
import { localAppCheckToken } from '../../scripts/lib/stack.mjs';
import { describeLedgerEntry } from '@versus/domain/wallet/ledger-lines';
import type { LedgerEntry } from '@versus/domain/wallet/types';

/** The one-process host of `npm test` (scripts/lib/api-host.mjs), unless the run names another. */
export const API = process.env.VERSUS_API_URL || 'http://127.0.0.1:5002';
const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

const app = getApps()[0] ?? initializeApp({ projectId: 'demo-versus' });
export const adminAuth = getAuth(app);
export const adminDb = getFirestore(app);

/**
 * Where the host enforces App Check (the browser tests' host, VERSUS_APP_CHECK=1), a call carries
 * the stand-in's token as the web app's do; the API tests' host does not enforce it.
 */
let appCheck: Promise<string> | undefined;
export async function appCheckHeader(): Promise<string | null> {
  if (process.env.VERSUS_APP_CHECK !== '1') return null;
  // Kept for the worker's files (vitest.config.ts: isolate: false), unless the exchange failed.
  appCheck ??= localAppCheckToken('versus-tests').catch((error: unknown) => {
    appCheck = undefined;
    throw error;
  });
  return appCheck;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A call's method: the one given, else POST with a body and GET without. */
const methodOf = (options: { method?: string; body?: unknown }) =>
  options.method ?? (options.body === undefined ? 'GET' : 'POST');

export async function call<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const attestation = await appCheckHeader();
  if (attestation && headers['X-Firebase-AppCheck'] === undefined) headers['X-Firebase-AppCheck'] = attestation;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API}${path}`, {
    method: methodOf(options),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * A call a test relies on to set something up: any answer but a 2xx throws, with the status and the
 * message, so that a later wait on the page does not time out for a call that was refused.
 */
export async function done<T = Record<string, unknown>>(
  path: string,
  options: Parameters<typeof call>[1] = {},
): Promise<T> {
  const answer = await call<T>(path, options);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${methodOf(options)} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export const PASSWORD = 'Test-pass-1';

/** A fresh, valid registration: unique e-mail and display name per call. */
export const registration = (overrides: Record<string, unknown> = {}) => {
  const id = randomUUID().slice(0, 8);
  return {
    email: `user-${id}@versus.test`,
    password: PASSWORD,
    displayName: `tester_${id}`,
    firstName: 'Test',
    lastName: 'Player',
    country: 'FI',
    terms: true,
    ...overrides,
  };
};

/** The web app's API key on the emulators (web/src/lib/firebase.ts). */
export const WEB_API_KEY = 'demo-api-key';

/** The Auth emulator's password sign-in, the call the web app's login page makes: its whole answer. */
export async function passwordSignIn(
  email: string,
  password = PASSWORD,
): Promise<{ idToken: string; refreshToken: string; expiresIn: string; localId: string }> {
  const response = await fetch(
    `${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${WEB_API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as {
    idToken?: string;
    refreshToken: string;
    expiresIn: string;
    localId: string;
  };
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return { ...body, idToken: body.idToken };
}

export async function signIn(email: string, password = PASSWORD): Promise<string> {
  return (await passwordSignIn(email, password)).idToken;
}

/** Registers through the API; returns uid, e-mail and display name. */
async function register(overrides: Record<string, unknown>) {
  const input = registration(overrides);
  const answer = await call<{ uid: string }>('/auth/register', { body: input });
  if (answer.status !== 201) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  return { uid: answer.body.uid, email: input.email, displayName: input.displayName };
}

/** Registers through the API and signs in; returns uid, e-mail and an ID token. */
export async function newUser(overrides: Record<string, unknown> = {}) {
  const user = await register(overrides);
  return { ...user, token: await signIn(user.email) };
}

export async function oobCodesFor(email: string) {
  const response = await fetch(`${AUTH}/emulator/v1/projects/demo-versus/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes.filter((code) => code.email === email);
}

/** A registered user whose e-mail is verified, optionally granted coins through the ledger. */
/** A JSON object as the API answers it, and a signed-in test user. */
export type Body = Record<string, unknown>;
export type Player = Awaited<ReturnType<typeof verifiedUser>>;

/** A registered, verified player with `coins` granted; `overrides` change their registration (a country). */
export async function verifiedUser(coins = 0, overrides: Record<string, unknown> = {}) {
  // Signed in once, after the verification: a token from before it would not carry it.
  const user = await register(overrides);
  await adminAuth.updateUser(user.uid, { emailVerified: true });
  const grant = async () => {
    if (coins <= 0) return;
    const { applyBalanceChange } = await import('../src/wallet/ledger');
    await runOptimistic((tx) =>
      applyBalanceChange(tx, { uid: user.uid, delta: coins, reason: 'test-grant', ref: 'start' }, Date.now()),
    );
  };
  const [token] = await Promise.all([signIn(user.email), grant()]);
  return { ...user, token };
}

/**
 * A battle of `entryFee` coins that `winner` challenges `loser` to and wins, through the API
 * (challenge, accept, the winner's report, the loser's confirmation); answers the battle's id.
 */
/**
 * A verified user with the platform admin's claim (custom claim `admin`), signed in again to carry it.
 * `onRoster`: also on the admins' roster, as the grant script puts them (record 126), so told of every
 * battle handed to the admins from then on, other files' included; off by default.
 */
export async function adminUser({ onRoster = false } = {}) {
  const user = await verifiedUser();
  await Promise.all([
    adminAuth.setCustomUserClaims(user.uid, { admin: true }),
    onRoster ? adminDb.doc(`admins/${user.uid}`).set({ uid: user.uid, since: Date.now() }) : undefined,
  ]);
  return { ...user, token: await signIn(user.email) };
}

export async function battleWonBy(winner: Player, loser: Player, entryFee = 130): Promise<string> {
  const sent = await call<{ id: string }>('/battles/challenge', {
    token: winner.token,
    body: { opponent: loser.uid, game: 'valorant', entryFee, terms: true },
  });
  const battle = await call<{ id: string }>(`/battles/challenges/${sent.body.id}/accept`, {
    token: loser.token,
    method: 'POST',
  });
  if (battle.status !== 201) throw new Error(`accept answered ${battle.status}`);
  await call(`/battles/${battle.body.id}/submitWinner`, { token: winner.token, body: { winner: winner.uid } });
  const confirmed = await call(`/battles/${battle.body.id}/confirm`, { token: loser.token, method: 'POST' });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return battle.body.id;
}

export const fundsOf = async (uid: string) =>
  ((await adminDb.doc(`users/${uid}/private/account`).get()).get('funds') as number | undefined) ?? 0;

/**
 * A user's ledger entries as the profile's coin history names them (domain/wallet/ledger-lines):
 * what each was for, where it links, and the change, in no particular order.
 */
export async function coinHistoryOf(uid: string) {
  const entries = await adminDb.collection('ledger').where('uid', '==', uid).get();
  return entries.docs.map((doc) => {
    const entry = doc.data() as LedgerEntry;
    return { ...describeLedgerEntry(entry), delta: entry.delta, title: entry.title };
  });
}

/** The PayPal stand-in's buyer side (scripts/paypal-stand-in.mjs). */
export const PAYPAL_STAND_IN = 'http://127.0.0.1:5010';
export async function sandbox(path: string, body: unknown = {}) {
  const response = await fetch(`${PAYPAL_STAND_IN}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A "Log in with PayPal" authorization code for a sandbox account. */
export async function paypalCode(email: string, verified = true) {
  return (await sandbox('/connect/codes', { email, verified })).body.code as string;
}

/**
 * A withdrawal of 1,000 coins to `email` (the PayPal stand-in's `payee+…` faults) made eight days
 * ago and due for its next send: the caller's `POST /internal/sweep {payouts: true}` leaves it for
 * an admin's review when PayPal still does not take it. Answers the payout's id.
 */
export async function agedWithdrawal(player: Pick<Player, 'token'>, email: string): Promise<string> {
  await done('/profile/paypal', { token: player.token, body: { code: await paypalCode(email) } });
  const answer = await call<{ id: string }>('/wallet/withdraw', {
    token: player.token,
    body: { bucks: 1000, currency: 'EUR' },
  });
  expect(answer.status).toBe(201);
  await adminDb
    .doc(`payouts/${answer.body.id}`)
    .update({ createdAt: Date.now() - 8 * 86_400_000, nextSendAt: Date.now() - 1 });
  return answer.body.id;
}

/**
 * `hours` (and `minutes`) past midnight UTC, `days` from today: a start at a known hour, within the
 * 180 days a start may be ahead whenever the test runs (fixed dates ran out).
 */
export function dayAhead(days: number, hours: number, minutes = 0): number {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hours, minutes);
}

/** A valid POST /tournaments/create body (SPEC §5), free and starting in 3 days: override what a test is about. */
export const tournamentBody = (overrides: Record<string, unknown> = {}) => ({
  game: 'valorant',
  region: 'EU',
  platform: ['PC'],
  gameFormat: 'SOLO',
  teamSize: 1,
  size: 8,
  bracket: 'ELIMINATION',
  entryFee: 0,
  // A paid Riot game's tournament in the EU carries one (issue #58); ignored otherwise.
  riotLicence: 'EUR-TEST-0001',
  riotLicenceCountries: ['FI'],
  payoutStructure: 'winner-takes-all',
  name: `Test Cup ${randomUUID().slice(0, 6)}`,
  description: 'A tournament the test suite made for itself.',
  rules: 'Play fair.',
  startTime: Date.now() + 3 * 86_400_000,
  timeZone: 'Europe/Helsinki',
  coverImage: null,
  terms: true,
  ...overrides,
});

/** POST /tournaments/create as a host, with tournamentBody's defaults. */
export const createTournament = (token: string, overrides: Record<string, unknown> = {}) =>
  call<Record<string, unknown> & { id: string }>('/tournaments/create', { token, body: tournamentBody(overrides) });

/** check:ledger's proofs, in this process: every balance equals its ledger, nothing released twice. */
export async function checkLedger() {
  expect(await findLedgerProblems(adminDb)).toEqual([]);
}

/** The Riot and OpenDota stand-in (scripts/game-stand-in.mjs, issue #22) and its sandbox. */
export const GAME_STAND_IN = 'http://127.0.0.1:5011';
export async function gameSandbox<T = Body>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${GAME_STAND_IN}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`game sandbox ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The next game-API request whose path contains `match` (one of them) fails as `kind` says: only
 * the calling test's own request, since test files run side by side (docs/decisions/0096).
 */
export const gameFault = (kind: '429' | '500' | 'slow' | 'malformed', match: string | string[], extra: Body = {}) =>
  gameSandbox('/faults', { kind, match, ...extra });
/** A League of Legends account that exists in the stand-in: its Riot ID and PUUID. */
export async function riotAccount(name = `Ace${Math.random().toString(36).slice(2, 9)}`) {
  const account = await gameSandbox<{ puuid: string; gameName: string; tagLine: string }>('/riot/accounts', {
    gameName: name,
    tagLine: 'EUW',
  });
  return { riotId: `${account.gameName}#${account.tagLine}`, puuid: account.puuid };
}
let dotaIds = 200_000 + Math.floor(Math.random() * 1_000_000_000);
/** Where the tests' sign-ins (Steam, Riot) return to (an origin of WEB_ORIGINS). */
export const SIGN_IN_RETURN_TO = 'http://localhost:5173/profile/connections';

/**
 * Steam's sign-in up to the browser's return (issue #58): the start and the stand-in's approval of
 * `accountId` (its SteamID64); answers the state and Steam's assertion, to hand the API (or to
 * replay or forge).
 */
export async function steamApproval(player: { token: string }, accountId: string | number) {
  const started = await call<{ url: string }>('/profile/connections/steam/start', {
    token: player.token,
    body: { returnTo: SIGN_IN_RETURN_TO },
  });
  if (started.status !== 200) throw new Error(`steam start answered ${started.status}`);
  const back = new URL(started.body.url).searchParams.get('openid.return_to')!;
  const steamid = (BigInt(accountId) + 76561197960265728n).toString();
  const approved = await fetch(
    `${GAME_STAND_IN}/steam/openid/approve?${new URLSearchParams({ return_to: back, steamid })}`,
    { redirect: 'manual' },
  );
  const landed = new URL(approved.headers.get('location')!);
  const state = landed.searchParams.get('steam_state')!;
  const assertion = Object.fromEntries([...landed.searchParams].filter(([key]) => key.startsWith('openid.')));
  return { state, assertion };
}

/** The whole Steam sign-in: its approval handed to the API; the API's answer, and what it was given. */
export async function steamSignIn(player: { token: string }, accountId: string | number) {
  const { state, assertion } = await steamApproval(player, accountId);
  const answer = await call<Body>('/profile/connections/steam/openid', {
    token: player.token,
    body: { state, assertion },
  });
  return { answer, state, assertion };
}

/** Links `accountId` to the player through Steam's sign-in; throws unless it was linked. */
export async function linkSteam(player: { token: string }, accountId: string | number) {
  const { answer } = await steamSignIn(player, accountId);
  if (answer.status !== 200) throw new Error(`steam sign-in answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * Riot Sign On as a browser goes through it (issue #58): the start, the stand-in's approval of the
 * account `puuid`, and Riot's code handed to the API; answers the API's answer and what it was given.
 */
export async function riotSignIn(player: { token: string }, puuid: string) {
  const started = await call<{ url: string }>('/profile/connections/riot/start', {
    token: player.token,
    body: { returnTo: SIGN_IN_RETURN_TO },
  });
  if (started.status !== 200) throw new Error(`riot start answered ${started.status}`);
  const authorize = new URL(started.body.url).searchParams;
  const approved = await fetch(
    `${GAME_STAND_IN}/rso/approve?${new URLSearchParams({ puuid, redirect_uri: authorize.get('redirect_uri')!, state: authorize.get('state')! })}`,
    { redirect: 'manual' },
  );
  const landed = new URL(approved.headers.get('location')!).searchParams;
  const state = landed.get('state')!;
  const code = landed.get('code')!;
  const answer = await call<Body>('/profile/connections/riot/oauth', { token: player.token, body: { state, code } });
  return { answer, state, code };
}

/** Links the Riot account `puuid` to the player through Riot Sign On; throws unless it was linked. */
export async function linkRiot(player: { token: string }, puuid: string) {
  const { answer } = await riotSignIn(player, puuid);
  if (answer.status !== 200) throw new Error(`riot sign-in answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** A Steam account Dota 2 knows, in the stand-in: its 32-bit account id. */
export async function dotaAccount() {
  dotaIds += 1;
  const id = dotaIds;
  await gameSandbox('/dota/accounts', { accountId: id, personaname: `Dota player ${id}` });
  return String(id);
}

/** An Idempotency-Key's record, as api/idempotency names it: the caller, the command's scope and the key. */
export const idempotencyRecord = (uid: string, scope: string, key: string) =>
  adminDb.doc(`idempotency/${createHash('sha256').update(`${uid}|${scope}|${key}`).digest('hex')}`).get();

/**
 * What an asynchronous delivery brings (an alert's e-mail or push, a Discord post): read until
 * `done` holds, and answer that read; after `ms` without it, fail with the last read.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    // Out of time: the test fails here, saying what it last read, not at a later assertion.
    if (Date.now() > until)
      throw new Error(`not so within ${ms / 1000} s; the last read: ${JSON.stringify(value)?.slice(0, 2_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
