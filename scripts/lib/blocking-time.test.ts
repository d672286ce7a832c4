import { describe, expect, it } from 'vitest';
import { blockingTime, type TraceEvent } from './blocking-time';

const renderer = { pid: 7, tid: 1 };
const task = (ts: number, durMs: number, cpuMs: number | undefined, where = renderer): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur: durMs * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
  ...where,
});
const threads: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 1, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 2, args: { name: 'Compositor' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: 9, tid: 1, args: { name: 'CrRendererMain' } },
];
const paint = (ts: number, pid = 7): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ts, pid, tid: 1 });

describe('blocking time from a trace', () => {
  it("counts the page's main-thread tasks after its first paint, 4× over 50 ms, by the wall clock and by the CPU", () => {
    const result = blockingTime([
      // Out of order, as traces come; a frame in another process paints later.
      task(1_200_000, 20, 20), // 80 − 50 both ways
      paint(1_500_000, 9),
      ...threads,
      task(1_100_000, 40, 10), // 160 − 50 by the clock; 40 < 50 by the CPU
      paint(1_000_000),
      task(500_000, 100, 100), // before the first paint: not counted
      task(980_000, 60, 60), // running at the paint: its 40 ms after it, 160 − 50
      task(1_300_000, 10, 10), // 40: not blocking
      task(1_400_000, 90, 90, { pid: 7, tid: 2 }), // another thread
      task(1_600_000, 90, 90, { pid: 9, tid: 1 }), // another process's main thread
    ]);
    expect(result).toEqual({ wallMs: 30 + 110 + 110, cpuMs: 30 + 110 });
  });

  it('says nothing for a trace without a first paint, and no CPU figure when a task has no CPU time', () => {
    expect(blockingTime([...threads, task(1_100_000, 40, 10)])).toBeUndefined();
    expect(blockingTime([...threads, paint(1_000_000), task(1_100_000, 40, undefined)])).toEqual({
      wallMs: 110,
      cpuMs: undefined,
    });
  });
});
