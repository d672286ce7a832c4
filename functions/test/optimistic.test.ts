import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { optimisticStats, runOptimistic } from '../src/platform/optimistic';
import { adminDb } from './helpers';

// platform/optimistic.ts against the emulator: reads take no lock, the batch commits only if what
// was read and written is unchanged, and a lost race runs again on fresh reads.
describe('optimistic transactions', () => {
  it('a write between the read and the commit makes the command run again, and nothing is lost', async () => {
    const ref = adminDb.doc(`probes/${randomUUID()}`);
    await ref.set({ count: 0 });
    let runs = 0;
    await runOptimistic(async (tx) => {
      runs += 1;
      const count = ((await tx.get(ref)).get('count') as number) + 1;
      // Someone else writes after our read, on the first run only.
      if (runs === 1) await ref.update({ count: 100 });
      tx.update(ref, { count });
    });
    expect(runs).toBe(2);
    expect((await ref.get()).get('count')).toBe(101);
  });

  it('twenty concurrent increments all count', async () => {
    const ref = adminDb.doc(`probes/${randomUUID()}`);
    await ref.set({ count: 0 });
    const before = optimisticStats.retries;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        runOptimistic(async (tx) => {
          const count = (await tx.get(ref)).get('count') as number;
          tx.update(ref, { count: count + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('count')).toBe(20);
    expect(optimisticStats.retries).toBeGreaterThan(before);
  });

  it('a document read as missing is created only if still missing; a whole set of a read document is refused', async () => {
    const ref = adminDb.doc(`probes/${randomUUID()}`);
    let runs = 0;
    await runOptimistic(async (tx) => {
      runs += 1;
      const exists = (await tx.get(ref)).exists;
      if (runs === 1) await ref.set({ by: 'someone else' });
      if (!exists) tx.set(ref, { by: 'us' });
    });
    expect(runs).toBe(2);
    expect((await ref.get()).get('by')).toBe('someone else');
    await expect(
      runOptimistic(async (tx) => {
        await tx.get(ref);
        tx.set(ref, { by: 'overwrite' });
      }),
    ).rejects.toThrow(/use update/);
    expect((await ref.get()).get('by')).toBe('someone else');
  });
});
