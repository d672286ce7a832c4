/** What one command of a batch came to: its answer, or the error that refused it alone. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Group commit (DESIGN §8): commands on one key (a tournament) that reach this process while a
 * batch of them is committing wait, and go together in the next batch, so many simultaneous
 * commands on one hot document commit in a few transactions instead of racing on it. `commit`
 * answers one outcome per item, in order; if it throws, every item of the batch fails with it.
 * Commands in other processes still race through the transactions' own preconditions.
 *
 * The benchmark host (scripts/lib/operation-counter.mjs) may set `Symbol.for('versus.waitOnBatch')`
 * to time each command's wait for its batch: the batches' Firestore calls run in the context of
 * the command that started the drain, so the others' wait would otherwise look like their own work.
 */
export function groupCommit<I, R>(
  commit: (key: string, batch: I[]) => Promise<Outcome<R>[]>,
  maxBatch: number,
): (key: string, item: I) => Promise<R> {
  interface Waiting {
    item: I;
    resolve: (value: R) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();
  const draining = new Set<string>();

  async function drain(key: string): Promise<void> {
    draining.add(key);
    try {
      for (let queue = queues.get(key); queue && queue.length > 0; queue = queues.get(key)) {
        const batch = queue.splice(0, maxBatch);
        try {
          const outcomes = await commit(
            key,
            batch.map((waiting) => waiting.item),
          );
          outcomes.forEach((outcome, index) =>
            outcome.ok ? batch[index]!.resolve(outcome.value) : batch[index]!.reject(outcome.error),
          );
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      draining.delete(key);
      if (queues.get(key)?.length === 0) queues.delete(key);
    }
  }

  return (key, item) => {
    const outcome = () =>
      new Promise<R>((resolve, reject) => {
        const queue = queues.get(key) ?? [];
        queue.push({ item, resolve, reject });
        queues.set(key, queue);
        if (!draining.has(key)) void drain(key);
      });
    const timing = (globalThis as Record<symbol, unknown>)[Symbol.for('versus.waitOnBatch')] as
      (<T>(wait: () => Promise<T>) => Promise<T>) | undefined;
    return timing ? timing(outcome) : outcome();
  };
}
