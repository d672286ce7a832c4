import { describe, expect, it } from 'vitest';
import { blockingTime, type TraceEvent } from './blocking-time';

const renderer = { pid: 7, tid: 1 };
const task = (ts: number, durMs: number, cpuMs: number, where = renderer): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
  ...where,
});
const base: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 1, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 2, args: { name: 'Compositor' } },
  { name: 'firstContentfulPaint', ph: 'R', ts: 1_000_000, pid: 7, tid: 1 },
];

describe('blocking time from a trace', () => {
  it('counts main-thread tasks after the first paint, 4× over 50 ms, by the wall clock and by the CPU', () => {
    const result = blockingTime([
      ...base,
      task(500_000, 100, 100), // before the first paint: not counted
      task(1_100_000, 40, 10), // 160 − 50 by the clock; 40 < 50 by the CPU
      task(1_200_000, 20, 20), // 80 − 50 both ways
      task(1_300_000, 10, 10), // 40: not blocking
      task(1_400_000, 90, 90, { pid: 7, tid: 2 }), // another thread: not counted
    ]);
    expect(result).toEqual({ wallMs: 110 + 30, cpuMs: 30 });
  });

  it('says nothing for a trace without a first paint', () => {
    expect(blockingTime([base[0]!, task(1_100_000, 40, 10)])).toBeUndefined();
  });
});
