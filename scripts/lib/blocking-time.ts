/**
 * Total blocking time estimated from a Chromium trace's main-thread tasks, after Lighthouse's rule
 * (issue #24): each task's part after the first contentful paint, slowed 4×, blocks for what it
 * runs over 50 ms. Unlike Lighthouse, it sums to the end of the trace, not to the time to
 * interactive, on the observed timeline, not the simulated one. A task's time is its wall clock
 * (`dur`), as Lighthouse takes it; on a machine with few cores a task also waits there while other
 * threads (V8's background compiling, the compositor, the browser) hold the CPU, and that wait is
 * counted 4× too. The same sum over the thread's own CPU time (`tdur`) leaves the wait for a core
 * out: an estimate of the page's own work (it also leaves out waits a phone would have, such as
 * for a lock or a disk read). bench:web prints it beside Lighthouse's TBT.
 */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** Undefined without a first paint; `cpuMs` undefined when a counted task has no CPU time. */
export function blockingTime(events: TraceEvent[]): { wallMs: number; cpuMs: number | undefined } | undefined {
  // The earliest first contentful paint is the page's (a frame in another process paints later);
  // its process has one CrRendererMain.
  const paint = events
    .filter((event) => event.name === 'firstContentfulPaint')
    .reduce<TraceEvent | undefined>((first, event) => (first && first.ts <= event.ts ? first : event), undefined);
  if (!paint) return undefined;
  const main = events.find(
    (event) => event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain',
  );
  if (!main) return undefined;
  const blocking = (ms: number) => Math.max(0, ms * SLOWDOWN - LONG_TASK_MS);
  let wallMs = 0;
  let cpuMs: number | undefined = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== main.pid || event.tid !== main.tid) continue;
    if (event.dur === undefined || event.ts + event.dur <= paint.ts) continue;
    // A task running when the page painted counts from the paint on, as in Lighthouse.
    const part = (event.ts + event.dur - Math.max(event.ts, paint.ts)) / event.dur;
    wallMs += blocking((event.dur * part) / 1000);
    if (cpuMs !== undefined)
      cpuMs = event.tdur === undefined ? undefined : cpuMs + blocking((event.tdur * part) / 1000);
  }
  return { wallMs, cpuMs };
}
