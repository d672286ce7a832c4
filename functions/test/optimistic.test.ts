import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { optimisticStats, readAhead, runOptimistic, type KeyInCommit } from '../src/platform/optimistic';
import type { DocumentData, Timestamp } from 'firebase-admin/firestore';
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

  it('a document only read is guarded too: a change to it makes the command run again (write skew)', async () => {
    const state = adminDb.doc(`probes/${randomUUID()}`);
    const row = adminDb.doc(`probes/${randomUUID()}`);
    await state.set({ open: true });
    let runs = 0;
    const stored = await runOptimistic(async (tx) => {
      runs += 1;
      const open = (await tx.get(state)).get('open') as boolean;
      // The "finish" commits between our read of the state and our commit, on the first run only.
      if (runs === 1) await state.update({ open: false });
      if (open) tx.set(row, { submitted: true });
      return open;
    });
    expect(runs).toBe(2);
    expect(stored).toBe(false);
    expect((await row.get()).exists).toBe(false);
  });

  it('a document read as missing must still be missing at the commit', async () => {
    const claim = adminDb.doc(`probes/${randomUUID()}`);
    const other = adminDb.doc(`probes/${randomUUID()}`);
    let runs = 0;
    await runOptimistic(async (tx) => {
      runs += 1;
      const taken = (await tx.get(claim)).exists;
      if (runs === 1) await claim.set({ by: 'someone else' });
      tx.set(other, { sawClaim: taken });
    });
    expect(runs).toBe(2);
    expect((await other.get()).get('sawClaim')).toBe(true);
  });

  it('readers do not disturb each other, and the guard leaves the document as it was', async () => {
    const shared = adminDb.doc(`probes/${randomUUID()}`);
    await shared.set({ state: 'ONGOING' });
    const before = (await shared.get()).updateTime!;
    const retries = optimisticStats.retries;
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        runOptimistic(async (tx) => {
          await tx.get(shared);
          tx.set(adminDb.doc(`probes/${randomUUID()}`), { index });
        }),
      ),
    );
    expect(optimisticStats.retries).toBe(retries);
    const after = await shared.get();
    expect(after.updateTime!.isEqual(before)).toBe(true);
    expect(after.data()).toEqual({ state: 'ONGOING' });
  });

  it('a merge into a document read as existing is guarded by that read', async () => {
    const stats = adminDb.doc(`probes/${randomUUID()}`);
    await stats.set({ wins: 1, badges: { first: 1 } });
    let runs = 0;
    await runOptimistic(async (tx) => {
      runs += 1;
      const wins = (await tx.get(stats)).get('wins') as number;
      if (runs === 1) await stats.update({ wins: 5 });
      tx.set(stats, { wins: wins + 1, badges: { [`at-${wins + 1}`]: 2 } }, { merge: true });
    });
    expect(runs).toBe(2);
    expect((await stats.get()).data()).toEqual({ wins: 6, badges: { first: 1, 'at-6': 2 } });
  });

  it('a snapshot read before (known) is used once, guarded: changed since, the command runs again on a fresh read', async () => {
    const battle = adminDb.doc(`probes/${randomUUID()}`);
    await battle.set({ state: 'ONGOING', reports: 0 });
    const known = await battle.get();
    await battle.update({ state: 'ENDED' }); // after the route's read, before the command
    const seen: string[] = [];
    const state = await runOptimistic(
      async (tx) => {
        const snapshot = await tx.get(battle);
        seen.push(snapshot.get('state') as string);
        if (snapshot.get('state') === 'ONGOING') tx.update(battle, { reports: 1 });
        return snapshot.get('state') as string;
      },
      { known: [known] },
    );
    expect(seen).toEqual(['ONGOING', 'ENDED']);
    expect(state).toBe('ENDED');
    expect((await battle.get()).data()).toEqual({ state: 'ENDED', reports: 0 });
  });

  it("a read already under way (a gate's read of the profile) serves the first attempt, guarded like any read", async () => {
    const profile = adminDb.doc(`probes/${randomUUID()}`);
    await profile.set({ name: 'Ann' });
    const read = profile.get(); // the gate's read, before the command starts
    await read;
    await profile.update({ name: 'Anna' }); // renamed after the gate read it
    const seen: string[] = [];
    await runOptimistic(
      async (tx) => {
        const name = (await tx.get(profile)).get('name') as string;
        seen.push(name);
        tx.set(adminDb.doc(`probes/${randomUUID()}`), { by: name });
      },
      { ahead: new Map([[profile.path, read]]) },
    );
    expect(seen).toEqual(['Ann', 'Anna']);
  });

  it('a read handed in that failed (a guess) is made again when the command asks for it', async () => {
    const ref = adminDb.doc(`probes/${randomUUID()}`);
    await ref.set({ count: 1 });
    const failed = Promise.reject(Object.assign(new Error('unavailable'), { code: 14 }));
    failed.catch(() => {});
    await runOptimistic(
      async (tx) => {
        const count = (await tx.get(ref)).get('count') as number;
        tx.update(ref, { count: count + 1 });
      },
      { ahead: new Map([[ref.path, failed]]) },
    );
    expect((await ref.get()).get('count')).toBe(2);
  });

  it('a read ahead is the read the command makes later; one it never makes guards nothing', async () => {
    const used = adminDb.doc(`probes/${randomUUID()}`);
    const unused = adminDb.doc(`probes/${randomUUID()}`);
    const row = adminDb.doc(`probes/${randomUUID()}`);
    await Promise.all([used.set({ open: true }), unused.set({ n: 0 })]);
    let runs = 0;
    await runOptimistic(async (tx) => {
      runs += 1;
      readAhead(tx, [used, unused]);
      // Both change after the reads ahead: the one read is guarded, the other decided nothing.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (runs === 1) await Promise.all([unused.update({ n: 1 }), used.update({ open: false })]);
      if ((await tx.get(used)).get('open') === true) tx.set(row, { submitted: true });
    });
    expect(runs).toBe(2);
    expect((await row.get()).exists).toBe(false);

    runs = 0;
    await runOptimistic(async (tx) => {
      runs += 1;
      readAhead(tx, [unused]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (runs === 1) await unused.update({ n: 2 });
      tx.set(row, { submitted: true });
    });
    expect(runs).toBe(1);
    expect((await row.get()).exists).toBe(true);
  });

  it('a check beside the command: nothing commits before it passes, and its refusal answers first', async () => {
    const ref = adminDb.doc(`probes/${randomUUID()}`);
    const refused = Object.assign(new Error('deactivated'), { code: 'account-deactivated' });
    const slowRefusal = new Promise<void>((_, reject) => setTimeout(() => reject(refused), 100));
    await expect(
      runOptimistic(
        async (tx) => {
          tx.set(ref, { written: true });
        },
        { beside: slowRefusal },
      ),
    ).rejects.toBe(refused);
    // The command's own refusal waits for the check too, and gives way to it.
    await expect(
      runOptimistic(
        async () => {
          throw new Error('not found');
        },
        { beside: Promise.reject(refused) },
      ),
    ).rejects.toBe(refused);
    expect((await ref.get()).exists).toBe(false);
    const passed = new Promise<void>((resolve) => setTimeout(resolve, 50));
    await runOptimistic(
      async (tx) => {
        tx.set(ref, { written: true });
      },
      { beside: passed },
    );
    expect((await ref.get()).get('written')).toBe(true);
  });

  it("an Idempotency-Key's answer goes into the command's commit, the last attempt's; a null result stores none", async () => {
    const key = adminDb.doc(`probes/${randomUUID()}`);
    const target = adminDb.doc(`probes/${randomUUID()}`);
    await Promise.all([key.set({ state: 'IN_PROGRESS' }), target.set({ n: 0 })]);
    const inCommit: KeyInCommit = { ref: key, status: () => 201 };
    let attempts = 0;
    const answer = await runOptimistic(
      async (tx) => {
        const n = ((await tx.get(target)).get('n') as number) + 1;
        attempts += 1;
        // The first attempt loses a race: its answer must not be the one stored.
        if (attempts === 1) await target.update({ n: 10 });
        tx.update(target, { n });
        return { n };
      },
      { key: inCommit },
    );
    expect(attempts).toBe(2);
    expect(answer).toEqual({ n: 11 });
    const [stored, written] = await Promise.all([key.get(), target.get()]);
    expect(stored.data()).toEqual({ state: 'DONE', status: 201, body: { n: 11 } });
    expect(stored.updateTime!.isEqual(written.updateTime!)).toBe(true);
    expect(inCommit.stored).toEqual({ status: 201, json: '{"n":11}' });

    const nothing = adminDb.doc(`probes/${randomUUID()}`);
    await nothing.set({ state: 'IN_PROGRESS' });
    const refusing: KeyInCommit = { ref: nothing, status: () => 201 };
    expect(
      await runOptimistic(
        async (tx) => {
          tx.update(target, { n: 0 });
          return null;
        },
        { key: refusing },
      ),
    ).toBeNull();
    expect((await nothing.get()).data()).toEqual({ state: 'IN_PROGRESS' });
    expect(refusing.stored).toBeUndefined();
  });
});

describe("an unreserved Idempotency-Key (created by the command's commit)", () => {
  it('the commit creates the record; a retry that finds it answers it instead of its own result or refusal', async () => {
    const key = adminDb.doc(`probes/${randomUUID()}`);
    const target = adminDb.doc(`probes/${randomUUID()}`);
    await target.set({ n: 0 });
    const record = { uid: 'u', scope: 's', fingerprint: 'f' };
    const replay = (stored: DocumentData) => Object.assign(new Error('replayed'), { stored });
    const mine: KeyInCommit = { ref: key, status: () => 200, unreserved: { record, earlier: replay } };
    expect(
      await runOptimistic(
        async (tx) => {
          const n = ((await tx.get(target)).get('n') as number) + 1;
          tx.update(target, { n });
          return { n };
        },
        { key: mine },
      ),
    ).toEqual({ n: 1 });
    const [stored, written] = await Promise.all([key.get(), target.get()]);
    expect(stored.data()).toEqual({ ...record, state: 'DONE', status: 200, body: { n: 1 } });
    expect(stored.updateTime!.isEqual(written.updateTime!)).toBe(true);

    // Another request with the key: its first attempt read the key as missing (its gate) and loses
    // to the record's creation; its retry finds the record, and that, not its own result, answers.
    const other: KeyInCommit = { ref: key, status: () => 200, unreserved: { record, earlier: replay } };
    const again = adminDb.doc(`probes/${randomUUID()}`);
    await again.set({ n: 0 });
    let attempts = 0;
    const error = await runOptimistic(
      async (tx) => {
        attempts += 1;
        const n = ((await tx.get(again)).get('n') as number) + 1;
        if (attempts > 1) throw new Error('refused');
        tx.update(again, { n });
        return { n };
      },
      { key: other },
    ).catch((caught: unknown) => caught);
    expect(attempts).toBe(2);
    expect(error).toMatchObject({ message: 'replayed', stored: { status: 200, body: { n: 1 } } });
    expect((await again.get()).get('n')).toBe(0);
    expect(other.stored).toBeUndefined();
  });

  it('a first attempt refused because another request with the key has just committed answers that request', async () => {
    const key = adminDb.doc(`probes/${randomUUID()}`);
    const record = { uid: 'u', scope: 's', fingerprint: 'f' };
    const replay = (stored: DocumentData) => Object.assign(new Error('replayed'), { stored });
    const repeat: KeyInCommit = { ref: key, status: () => 200, unreserved: { record, earlier: replay } };
    const error = await runOptimistic(
      async () => {
        // Its gate found no record; the first request commits now, so this one finds the battle over.
        await key.create({ ...record, state: 'DONE', status: 200, body: { ended: true } });
        throw Object.assign(new Error('This battle is already over.'), { statusCode: 409 });
      },
      { key: repeat },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'replayed', stored: { status: 200, body: { ended: true } } });

    // With no record, the refusal is the answer.
    const none: KeyInCommit = {
      ref: adminDb.doc(`probes/${randomUUID()}`),
      status: () => 200,
      unreserved: { record, earlier: replay },
    };
    const refusal = await runOptimistic(
      async () => {
        throw new Error('refused');
      },
      { key: none },
    ).catch((caught: unknown) => caught);
    expect(refusal).toMatchObject({ message: 'refused' });
  });

  it('a reserving commit whose answer was lost after it applied is known by its holder: its result, committed once', async () => {
    const proto = Object.getPrototypeOf(adminDb.batch()) as { commit: () => Promise<unknown> };
    const commit = proto.commit;
    for (const refuseOnRetry of [false, true]) {
      const key = adminDb.doc(`probes/${randomUUID()}`);
      const target = adminDb.doc(`probes/${randomUUID()}`);
      await target.set({ n: 0 });
      const record = { uid: 'u', scope: 's', fingerprint: 'f', holder: randomUUID() };
      const inProgress = (stored: DocumentData) => Object.assign(new Error('in progress'), { stored });
      const mine: KeyInCommit = {
        ref: key,
        status: () => 201,
        unreserved: { record, earlier: inProgress, reserveOnly: true },
      };
      // The commit applies, and its answer is lost: the client library's repeat finds the key there.
      const lost = vi.spyOn(proto, 'commit').mockImplementationOnce(async function (this: unknown) {
        await commit.call(this);
        throw Object.assign(new Error('6 ALREADY_EXISTS: the repeat of an applied commit'), { code: 6 });
      });
      let attempts = 0;
      let committedAt: Timestamp | undefined;
      const result = await runOptimistic(
        async (tx) => {
          attempts += 1;
          const n = ((await tx.get(target)).get('n') as number) + 1;
          // The retry sees the first attempt's write: a command may refuse it (a balance too low now).
          if (refuseOnRetry && n > 1) throw new Error('refused on what the first attempt wrote');
          tx.update(target, { n });
          return { n, attempt: attempts };
        },
        { key: mine, committed: (at) => (committedAt = at) },
      );
      lost.mockRestore();
      expect(result).toEqual({ n: 1, attempt: 1 });
      expect(attempts).toBe(2);
      const [stored, written] = await Promise.all([key.get(), target.get()]);
      expect(written.get('n')).toBe(1);
      expect(stored.data()).toEqual({ ...record, state: 'IN_PROGRESS' });
      expect(mine.held).toBe(true);
      expect(committedAt?.isEqual(written.updateTime!)).toBe(true);
    }
    // Another request's record (another holder) is still its answer, not this one's result.
    const key = adminDb.doc(`probes/${randomUUID()}`);
    await key.set({ uid: 'u', scope: 's', fingerprint: 'f', holder: 'someone else', state: 'IN_PROGRESS' });
    const theirs: KeyInCommit = {
      ref: key,
      status: () => 201,
      unreserved: {
        record: { uid: 'u', scope: 's', fingerprint: 'f', holder: randomUUID() },
        earlier: () => new Error('theirs, in progress'),
        reserveOnly: true,
      },
    };
    await expect(
      runOptimistic(
        async (tx) => {
          tx.set(adminDb.doc(`probes/${randomUUID()}`), { n: 1 });
          return { n: 1 };
        },
        { key: theirs },
      ),
    ).rejects.toThrow('theirs, in progress');
    expect(theirs.held).toBeUndefined();
  });
});

// platform/reads.ts: the reads a command starts together go out as one call.
describe('document reads batched by tick', () => {
  it('reads started in one tick are one getAll; each is answered its own document, a repeat too, through its own converter', async () => {
    const { readDocument } = await import('../src/platform/reads');
    const { db } = await import('../src/platform/firebase');
    const [a, b, missing] = [randomUUID(), randomUUID(), randomUUID()].map((id) => db.doc(`probes/${id}`));
    await Promise.all([a!.set({ name: 'a' }), b!.set({ name: 'b' })]);
    const calls: string[][] = [];
    const ours = new Set([a!.path, b!.path, missing!.path]);
    const getAll = db.getAll.bind(db);
    const spy = vi.spyOn(db, 'getAll').mockImplementation((...refs) => {
      const paths = refs.map((ref) => (ref as { path: string }).path);
      if (paths.some((path) => ours.has(path))) calls.push(paths);
      return getAll(...refs);
    });
    try {
      const read = await Promise.all([a!, b!, missing!, a!].map((ref) => readDocument(ref)));
      expect(read.map((snapshot) => snapshot.get('name') as unknown)).toEqual(['a', 'b', undefined, 'a']);
      expect(read[2]!.exists).toBe(false);
      expect(calls).toEqual([[a!.path, b!.path, missing!.path, a!.path]]);
      // A read started after the first ones came back is a call of its own, and reads afresh.
      await b!.update({ name: 'b2' });
      expect((await readDocument(b!)).get('name')).toBe('b2');
      expect(calls).toHaveLength(2);
      // One document through two converters in one tick: each read gets its own converter's view.
      const upper = b!.withConverter<{ name: string }>({
        toFirestore: (data) => data,
        fromFirestore: (snapshot) => ({ name: String(snapshot.get('name')).toUpperCase() }),
      });
      const [plain, converted] = await Promise.all([readDocument(b!), readDocument(upper)]);
      expect([plain.data()?.name, converted.data()?.name]).toEqual(['b2', 'B2']);
    } finally {
      spy.mockRestore();
    }
  });

  it('a failed call fails every read in it, and the next call is unaffected', async () => {
    const { readDocument } = await import('../src/platform/reads');
    const { db } = await import('../src/platform/firebase');
    const [a, b] = [randomUUID(), randomUUID()].map((id) => db.doc(`probes/${id}`));
    await a!.set({ name: 'a' });
    const spy = vi.spyOn(db, 'getAll').mockRejectedValueOnce(Object.assign(new Error('unavailable'), { code: 14 }));
    try {
      const results = await Promise.allSettled([readDocument(a!), readDocument(b!)]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect((await readDocument(a!)).get('name')).toBe('a');
    } finally {
      spy.mockRestore();
    }
  });
});
