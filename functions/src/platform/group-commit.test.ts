import { describe, expect, it } from 'vitest';
import { groupCommit, type Outcome } from './group-commit';

describe('groupCommit', () => {
  it('commits what arrives while a batch runs as the next batch; each item gets its own outcome', async () => {
    const batches: number[][] = [];
    const commit = async (_key: string, batch: number[]): Promise<Outcome<number>[]> => {
      batches.push(batch);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return batch.map((item) =>
        item % 5 === 0 ? { ok: false, error: new Error(`no ${item}`) } : { ok: true, value: item * 2 },
      );
    };
    const run = groupCommit(commit, 3);
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((item) => run('t1', item)));
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
      2,
      4,
      6,
      8,
      'Error: no 5',
      12,
    ]);
  });

  it('a failed commit fails its whole batch only; other keys go on', async () => {
    const run = groupCommit(async (key: string, batch: string[]): Promise<Outcome<string>[]> => {
      if (key === 'bad') throw new Error('lost');
      return batch.map((item) => ({ ok: true, value: `${key}:${item}` }));
    }, 10);
    const [bad, good] = await Promise.allSettled([run('bad', 'a'), run('good', 'b')]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('lost') });
    expect(good).toEqual({ status: 'fulfilled', value: 'good:b' });
    await expect(run('bad', 'c')).rejects.toThrow('lost');
  });
});
