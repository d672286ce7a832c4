/**
 * Total blocking time estimated from a Chromium trace's main-thread tasks, as Lighthouse's
 * simulation counts it (issue #24): every task after the first contentful paint, slowed 4×,
 * blocks for what it runs over 50 ms. Lighthouse times a task by the wall clock (`dur`); on a
 * machine with few cores a task also waits there while other threads (V8's background compiling,
 * the compositor, the browser) hold the CPU, and that wait is counted 4× too. The same sum over the
 * thread's own CPU time (`tdur`) is the work of the page alone. bench:web prints both.
 */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; frame?: string };
}

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

export function blockingTime(events: TraceEvent[]): { wallMs: number; cpuMs: number } | undefined {
  // The page's first contentful paint names its renderer; its main thread is that process's CrRendererMain.
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return undefined;
  const main = events.find(
    (event) => event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain',
  );
  if (!main) return undefined;
  const blocking = (ms: number) => Math.max(0, ms * SLOWDOWN - LONG_TASK_MS);
  let wallMs = 0;
  let cpuMs = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== main.pid || event.tid !== main.tid) continue;
    if (event.ts < paint.ts || event.dur === undefined) continue;
    wallMs += blocking(event.dur / 1000);
    cpuMs += blocking((event.tdur ?? event.dur) / 1000);
  }
  return { wallMs, cpuMs };
}
