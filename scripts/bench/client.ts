// npm run bench:client [-- --no-build] (beside `npm start`, on its demo data)
// What the web app's live reads cost: a demo player's session in Chromium, page by page as a player
// moves through the app (one load, then the app's own navigation), with what each step would be
// billed in production. It serves the production build as Hosting does (scripts/lib/hosting.mjs, on
// its own port, with npm start's API behind it): npm start's dev server runs React's StrictMode,
// which listens to a page's queries twice. The count is the browsers' Firestore proxy's (scripts/lib/listen-reads.mjs):
// each document a listen is sent, first or changed, at least one read per empty query, and each
// count's reads. It prints each step's reads and by what they were read, and exits 1 when a step's
// reads did not settle (a listen that goes on reading with nothing changing).
// Then the live part: with the tournament's room open, what each new chat message and each minute
// on the landing costs the open tab.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium, logIn, playerTab } from '../lib/chromium';
import { adminForEmulators } from '../lib/emulator-admin';
import { fetchProxyStats } from '../lib/firestore-browser-proxy.mjs';
import { startHosting } from '../lib/hosting.mjs';
import { LOCAL_APP_CHECK_DEBUG_TOKEN, PORTS, emulatorEnv, isListening } from '../lib/stack.mjs';
import { soakCalls } from './soak/calls';

const { values } = parseArgs({
  options: {
    player: { type: 'string', default: 'player1@versus.test' },
    messages: { type: 'string', default: '5' },
    'idle-seconds': { type: 'string', default: '60' },
    'no-build': { type: 'boolean', default: false },
  },
});
const PASSWORD = 'Versus-demo-1';
const WEB = `http://localhost:${PORTS.benchWeb}`;
/** A whole-number option of at least `least`, or the bench stops before it starts, saying which. */
function wholeOption(name: 'messages' | 'idle-seconds', least: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < least)
    throw new Error(`--${name} must be a whole number of at least ${least}, not "${values[name]}"`);
  return value;
}
const MESSAGES = wholeOption('messages', 1);
const IDLE_MS = wholeOption('idle-seconds', 10) * 1_000;

for (const [port, what] of [
  [PORTS.host, 'the API'],
  [PORTS.browserFirestore, "the browsers' Firestore proxy"],
] as const)
  if (!(await isListening(port)))
    throw new Error(`bench:client runs beside npm start: ${what} is not on port ${port}. Start it first.`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
interface Counts {
  reads: number;
  readsBy: Record<string, number>;
}
const counts = async (): Promise<Counts> => {
  const stats = await fetchProxyStats(PORTS.browserFirestore);
  if (typeof stats.reads !== 'number')
    throw new Error("npm start's proxy does not count reads: restart npm start on this commit");
  return { reads: stats.reads, readsBy: stats.readsBy ?? {} };
};

/** Waits until the reads have not moved for 3 s (at most 30 s): answers whether they settled. */
async function settle() {
  let last = (await counts()).reads;
  let still = 0;
  for (let waited = 0; waited < 30_000; waited += 500) {
    await sleep(500);
    const now = (await counts()).reads;
    still = now === last ? still + 500 : 0;
    last = now;
    if (still >= 3_000) return true;
  }
  return false;
}

/** The player's tab's requests to the API (`METHOD /path`, ids as :id): each one a Functions request. */
const requested: string[] = [];
function requestsOf(from: number) {
  const times = new Map<string, number>();
  for (const request of requested.slice(from)) times.set(request, (times.get(request) ?? 0) + 1);
  return [...times].map(([request, count]) => `${request}${count > 1 ? ` ×${count}` : ''}`).join(', ');
}

const rows: { step: string; reads: number; by: string; settled: boolean; requests: string }[] = [];
/** Runs `step`, waits for its reads to settle, and records them by what was read, with its API requests. */
async function measure(step: string, run: () => Promise<unknown>) {
  const before = await counts();
  const from = requested.length;
  await run();
  const settled = await settle();
  const after = await counts();
  const by = Object.entries(after.readsBy)
    .map(([label, reads]) => [label, reads - (before.readsBy[label] ?? 0)] as const)
    .filter(([, reads]) => reads > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, reads]) => `${label} ${reads}`)
    .join(', ');
  const requests = requestsOf(from);
  rows.push({ step, reads: after.reads - before.reads, by, settled, requests });
  console.log(
    `${step}: ${after.reads - before.reads} reads${settled ? '' : ' (did not settle)'}  ${by}${requests ? `  · API: ${requests}` : ''}`,
  );
  return after.reads - before.reads;
}

/** The app's own navigation (React Router hears the history change), as a click on a link does. */
const navigate = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);

// --no-build serves web/dist as it is (npm test builds it the same way).
if (!values['no-build']) {
  console.log('building the web app…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    stdio: 'ignore',
    env: { ...process.env, VITE_APP_CHECK_DEBUG_TOKEN: LOCAL_APP_CHECK_DEBUG_TOKEN, VITE_PUSH_STAND_IN: '1' },
  });
  if (built.status !== 0) throw new Error('npm run build -w web failed');
}
const hosting = await startHosting({ port: PORTS.benchWeb });

const { db, auth } = adminForEmulators();
const player = await auth.getUserByEmail(values.player!).catch(() => {
  throw new Error(`no demo player ${values.player} (npm start seeds player1..8@versus.test)`);
});
// The player's running tournament with the most members: its page and its room.
const running = (await db.collection('tournaments').where('memberUids', 'array-contains', player.uid).get()).docs
  .filter((doc) => doc.get('state') === 'ONGOING')
  .sort((a, b) => (b.get('memberUids')?.length ?? 0) - (a.get('memberUids')?.length ?? 0))[0];
if (!running) throw new Error(`${values.player} is in no running tournament`);
const other = (running.get('memberUids') as string[]).find((uid) => uid !== player.uid)!;
const otherEmail = (await auth.getUser(other)).email!;
const matches = (await db.collection(`tournaments/${running.id}/matches`).count().get()).data().count;

const { call, signIn } = soakCalls({
  api: `${WEB}/api`,
  auth: `http://${emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST}`,
  standIn: `http://127.0.0.1:${PORTS.paypal}`,
  password: PASSWORD,
  windowMs: 60_000,
  log: console.log,
});
const sender = { email: otherEmail, password: PASSWORD, token: await signIn(otherEmail), signedAt: Date.now() };
const me = { email: values.player!, password: PASSWORD, token: await signIn(values.player!), signedAt: Date.now() };

console.log(
  `${values.player} on ${WEB}; the tournament "${running.get('name')}" (${running.get('memberUids').length} members, ${matches} matches)\n`,
);
const browser = await launchChromium();
try {
  const { context, page } = await playerTab(browser);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      requested.push(`${request.method()} ${url.pathname.slice(4).replace(/\/[A-Za-z0-9_-]{20,}/g, '/:id')}`);
  });
  await measure('sign in (the login page, then the landing)', () => logIn(page, WEB, values.player!, PASSWORD));
  // A proxy that passes the Listen channels through untouched (VERSUS_PROXY_ENDS_LISTENS=0) counts
  // nothing: every step would read 0.
  if ((await counts()).reads === 0) throw new Error("npm start's proxy counted no read while the player signed in");
  // Opening the list marks what it shows (the newest 20, and the newest 20 unseen); a player with
  // more unseen than that opens it again, unmeasured, until none are left (record 92).
  const badge = page.getByTestId('notifications-badge');
  const openAndClose = async () => {
    await page.getByTestId('notifications').getByRole('button').first().click();
    await page.locator('.notifications-panel').waitFor();
    await page.locator('.notifications-panel').getByText('Loading…').waitFor({ state: 'detached' });
    // Closing marks what was shown as viewed (when anything shown was unseen).
    const viewed = page.waitForResponse((response) => response.url().endsWith('/notifications/markAsViewed'));
    viewed.catch(() => {});
    await page.keyboard.press('Escape');
    await Promise.race([viewed, sleep(5_000)]);
  };
  await measure('the notifications opened and closed (what was new is viewed)', openAndClose);
  for (let time = 0; time < 5 && (await badge.count()) > 0; time++) await openAndClose();
  await badge.waitFor({ state: 'detached', timeout: 5_000 });
  // A session of a returning player starts with a load of the app, signed in.
  const session = [
    await measure('a session starts: the landing, loaded signed in', async () => {
      await page.goto(`${WEB}/`);
      await page.getByTestId('coin-balance').waitFor();
    }),
    await measure('my games', () => navigate(page, '/my-games')),
  ];
  // A battle the player plays while the page is open: what its changes cost the open tab (the result
  // that comes up over the page is closed, as the player would).
  const battle = await measure('a battle played, my games open (challenge, accept, report, confirm)', async () => {
    const challenge = await call(sender, 'POST /battles/challenge', '/battles/challenge', {
      opponent: player.uid,
      game: 'valorant',
      entryFee: 130,
      terms: true,
    });
    if (!challenge) throw new Error('the challenge failed');
    const accepted = await call(
      me,
      'POST /battles/challenges/:id/accept',
      `/battles/challenges/${String(challenge.id)}/accept`,
    );
    if (!accepted) throw new Error('the accept failed');
    const path = `/battles/${String(accepted.id)}`;
    await call(me, 'POST /battles/:id/submitWinner', `${path}/submitWinner`, { winner: player.uid });
    if (!(await call(sender, 'POST /battles/:id/confirm', `${path}/confirm`))) throw new Error('the confirm failed');
  });
  session.push(await measure('my tournaments', () => navigate(page, '/tournaments/my-tournaments')));
  const tournamentPage = await measure(`the tournament's page`, () => navigate(page, `/tournaments/${running.id}`));
  const room = await measure(`its room opened`, async () => {
    await page.getByTestId('chat-open').click();
    await page.getByTestId('chat-messages').waitFor();
  });
  const chat = await measure(`${MESSAGES} chat messages from another member, the room open`, async () => {
    for (let i = 1; i <= MESSAGES; i++) {
      const message = `bench:client ${i} ${Date.now()}`;
      await call(sender, 'POST /rooms/:id/sendMessage', `/rooms/${running.id}/sendMessage`, { message });
      await page.getByTestId('chat-messages').getByText(message).waitFor({ timeout: 30_000 });
    }
  });
  // SPEC §9: an open room checks every 10 s whether to mark itself read (records 94, 95): what a
  // minute of it costs this tab.
  const roomMinute = await measure('a minute with the room open, nothing done', () => sleep(60_000));
  await measure('the room closed', () => page.getByTestId('chat-close').click());
  const more = [
    await measure('the leaderboards', () => navigate(page, '/leaderboards')),
    await measure('notifications', () => navigate(page, '/notifications')),
    await measure('the wallet (coins)', () => navigate(page, '/profile/coins')),
    await measure("another player's profile", () => navigate(page, `/user/${other}`)),
    await measure('back to the landing', () => navigate(page, '/')),
  ];
  const idle = await measure(`${IDLE_MS / 1_000} s on the landing, nothing done`, () => sleep(IDLE_MS));
  await page.evaluate(() =>
    (window as { versusTerminateFirestore?: () => Promise<void> }).versusTerminateFirestore?.(),
  );
  await context.close();

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  console.log(`
| step | reads | read from | the tab's API requests |
|---|---:|---|---|
${rows.map((row) => `| ${row.step}${row.settled ? '' : ' (did not settle)'} | ${row.reads} | ${row.by} | ${row.requests} |`).join('\n')}

A session as docs/cost-model.md counts it (the landing, my games, my tournaments): ${sum(session)} reads. A tournament's page and its room: ${tournamentPage + room} reads.
A battle played meanwhile: ${battle} reads. A minute with the room open: ${roomMinute} reads. The other pages above: ${sum(more)} reads. Each chat message: ${(chat / MESSAGES).toFixed(1)} reads per open room. A minute on the landing: ${((idle * 60_000) / IDLE_MS).toFixed(1)} reads.`);
  if (rows.some((row) => !row.settled)) {
    console.log('FAIL: a step whose reads did not settle');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  hosting.closeAllConnections();
  hosting.close();
}
