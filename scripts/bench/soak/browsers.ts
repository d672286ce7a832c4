// bench:soak's browsers: every few minutes, signed-in Chromium tabs on a tournament page for a while,
// one in three losing its network before it closes. A tab in a tournament's room checks at the end of
// its stay that a new chat message shows within seconds, across a recycle of the emulator if one came.
// Between rounds, with every tab gone, nothing may be queued for browsers.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { launchChromium, logIn, playerTab } from '../../lib/chromium';
import { fetchProxyStats } from '../../lib/firestore-browser-proxy.mjs';
import { PORTS } from '../../lib/stack.mjs';
import type { Player } from './calls';
import { queuedForBrowsers } from './memory';
import { type Stack, sleep, waitUntil } from './stack';

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export function soakBrowsers({
  db,
  players,
  live,
  call,
  stack: first,
  out,
  run,
  log,
  password: PASSWORD,
  tabsPerRound: BROWSERS,
  stayMs: STAY_MS,
  everyMs: BROWSER_EVERY_MS,
  awaitRecycleMs = 0,
}: {
  db: Firestore;
  players: Player[];
  /** The tournaments being played, with their rooms' members. */
  live: { tournaments: { id: string; members: Set<string> }[] };
  call: (who: Player, route: string, path: string, body?: unknown) => Promise<Record<string, unknown> | undefined>;
  stack: Stack;
  out: string;
  run: string;
  log: (message: string) => void;
  password: string;
  tabsPerRound: number;
  stayMs: number;
  everyMs: number;
  /** How long the watching tab may stay on past its stay for a recycle of the emulator to come. */
  awaitRecycleMs?: number;
}) {
  const tabs = { sessions: 0, vanished: 0, failed: 0 };
  /** Tabs open now, and every tab ever opened (a sample is quiet only if none opened while it was taken). */
  const opened = { now: 0, ever: 0 };
  /** Growth of the emulator's queued messages over each quiet interval (no tab open). */
  const quiet: number[] = [];
  /** Tabs that checked a live update at the end of their stay: all of them, and those across a recycle. */
  const liveChecks = {
    checked: 0,
    delivered: 0,
    acrossRecycle: 0,
    deliveredAcross: 0,
    slowestMs: 0,
    slowestFromSendMs: 0,
    /** How long after a recycle a watching tab listened again (Infinity: not within 30 s of the check). */
    slowestRelistenMs: 0,
  };
  async function browserRound(browser: Browser) {
    // The first round waits a little for the first tournament's room (its members watch the chat).
    await waitUntil(() => live.tournaments.length > 0, 30_000, 1_000);
    const room = live.tournaments.at(-1);
    const target = room?.id ?? (await db.collection('tournaments').limit(1).get()).docs[0]?.id;
    const members = room ? players.filter((player) => room.members.has(player.uid)) : [];
    await Promise.all(
      Array.from({ length: BROWSERS }, async (_, index) => {
        // The first tab is a member of the room: at the end of its stay another member writes in the
        // chat, and the open tab must show it (across a recycle of the emulator, if one came meanwhile).
        const watching = index === 0 && members.length >= 2;
        const player = watching ? members[0]! : pick(players)!;
        const { context, page } = await playerTab(browser);
        opened.now += 1;
        opened.ever += 1;
        // When the watching tab last opened a Listen session (WebChannel's handshake: a POST without
        // a SID).
        let listenOpenedAt = 0;
        if (watching)
          page.on('response', (response) => {
            const url = new URL(response.url());
            if (
              response.request().method() === 'POST' &&
              url.pathname.endsWith('/Listen/channel') &&
              !url.searchParams.has('SID')
            )
              listenOpenedAt = Date.now();
          });
        try {
          await logIn(page, `http://localhost:${PORTS.web}`, player.email, PASSWORD);
          await page.goto(`http://localhost:${PORTS.web}/tournaments/${target}`, { timeout: 120_000 });
          tabs.sessions += 1;
          const recycledBefore = await proxyRecycled();
          if (watching) await page.getByTestId('chat-open').click({ timeout: 60_000 });
          await sleep(STAY_MS);
          // Asked to recycle often (npm test's short soak): the watching tab stays on, up to
          // `awaitRecycleMs` more, until npm start has recycled the emulator under it (its recycle
          // waits for new sessions and a minimum interval, which a short stay can fall between).
          if (watching) await waitUntil(async () => (await proxyRecycled()) > recycledBefore, awaitRecycleMs, 1_000);
          if (watching) {
            // A recycle under way holds the browsers: the check waits for it to end.
            await waitUntil(async () => !(await proxyStats()).holding, 30_000);
            const { recycled, recycledAt } = await proxyStats();
            const across = recycled > recycledBefore;
            // After a recycle the tab listens again once the new emulator answers, a cold JVM whose
            // first answers come 3–9 s after the recycle's end (record 3). The message goes once this
            // tab listens again; how long after the recycle that was is a verdict of its own.
            if (across) {
              await waitUntil(() => listenOpenedAt > recycledAt, 30_000);
              const relisten = listenOpenedAt > recycledAt ? listenOpenedAt - recycledAt : Infinity;
              liveChecks.slowestRelistenMs = Math.max(liveChecks.slowestRelistenMs, relisten);
            }
            const text = `live check ${randomUUID().slice(0, 8)}`;
            const sent = performance.now();
            liveChecks.checked += 1;
            if (across) liveChecks.acrossRecycle += 1;
            const sentOk = await call(members[1]!, 'POST /rooms/:id/sendMessage', `/rooms/${room!.id}/sendMessage`, {
              message: text,
            });
            // The live path is timed from the command's answer, when the message is in Firestore; the
            // command's own time is the latency verdict's. Timed from the send, one check after a
            // recycle took 12 s and could not say which part was slow (docs/decisions/0003).
            const committed = performance.now();
            // In the open room's list (a result popup may be over the page, as for the player).
            const shown = await waitUntil(
              async () => (await page.getByTestId('chat-messages').getByText(text).count()) > 0,
              30_000,
            );
            if (shown) {
              liveChecks.delivered += 1;
              if (across) liveChecks.deliveredAcross += 1;
              liveChecks.slowestMs = Math.max(liveChecks.slowestMs, performance.now() - committed);
              liveChecks.slowestFromSendMs = Math.max(liveChecks.slowestFromSendMs, performance.now() - sent);
            } else {
              const shot = join(out, `live-check-${run}-${++tabs.failed}.png`);
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
            tabs.vanished += 1;
          }
        } catch (error) {
          const shot = join(out, `tab-failed-${run}-${++tabs.failed}.png`);
          await context
            .pages()[0]
            ?.screenshot({ path: shot })
            .catch(() => {});
          log(`a browser tab failed: ${(error as Error).message.split('\n')[0]} (${shot})`);
        } finally {
          await context.close();
          opened.now -= 1;
        }
      }),
    );
  }

  async function browserLoop(until: number) {
    const browser = await launchChromium();
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
  /**
   * What the proxy knows (scripts/lib/firestore-browser-proxy.mjs): its live sessions and those it is
   * ending, npm start's recycles of the emulator (how many, the last one's end, one under way); -1
   * for each count when it does not answer.
   */
  const proxyStats = async () => {
    const stats = await fetchProxyStats(PORTS.browserFirestore).catch(() => ({}) as Record<string, never>);
    return {
      live: stats.live ?? -1,
      ending: stats.ending ?? 0,
      recycled: stats.recycled ?? -1,
      recycledAt: stats.recycledAt ?? 0,
      holding: stats.holding ?? false,
      endsUnanswered: stats.endsUnanswered ?? -1,
      handshakesLost: stats.handshakesLost ?? -1,
    };
  };
  /** Browser sessions the proxy still holds live or is ending, or -1. */
  const proxyLive = async () => {
    const stats = await proxyStats();
    return stats.live < 0 ? -1 : stats.live + stats.ending;
  };
  const proxyRecycled = async () => (await proxyStats()).recycled;
  /**
   * Runs `measure()` and answers whether it ran quiet: after the first tab, with no tab open and
   * every session the proxy knew ended, before and after. Whatever the emulator then holds queued is
   * for a session that nothing will end.
   */
  async function measureQuiet(measure: () => void): Promise<boolean> {
    const ever = opened.ever;
    const before = ever > 0 && opened.now === 0 && (await proxyLive()) === 0;
    measure();
    return before && opened.ever === ever && opened.now === 0;
  }

  return { browserLoop, tabs, liveChecks, quiet, QUIET_MS, measureQuiet, proxyStats };
}
