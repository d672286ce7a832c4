import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { dataModelCollections, documentSize, indexExemptions, storedBytes } from '../../scripts/lib/storage-size';

/** bench:season's stored bytes (issue #23), by Firestore's published size rules. */
describe('stored bytes', () => {
  it("a document's size is Firestore's own worked example", () => {
    // "Storage size calculations": a task in users/jeff/tasks is 147 bytes.
    const size = documentSize('users/jeff/tasks/my_task_id', {
      type: 'Personal',
      done: false,
      priority: 1,
      description: 'Learn Cloud Firestore',
    });
    expect(size.bytes).toBe(147);
    // Each of the four values has an ascending and a descending entry: name 44 + path + value + 32.
    expect(size.indexBytes).toBe(2 * (4 * (44 + 32) + 5 + 9 + 5 + 1 + 9 + 8 + 12 + 22));
  });

  it("a field exempted from indexing, and a map's subfields with it, have no index entries", () => {
    const data = { state: 'DONE', body: { id: 'b1', players: ['a', 'b'] } };
    const all = documentSize('idempotency/k1', data);
    const exempt = documentSize('idempotency/k1', data, new Set(['body']));
    expect(exempt.bytes).toBe(all.bytes);
    expect(exempt.indexBytes).toBe(documentSize('idempotency/k1', { state: 'DONE' }).indexBytes);
    expect(
      indexExemptions(
        JSON.stringify({
          fieldOverrides: [
            { collectionGroup: 'idempotency', fieldPath: 'body', indexes: [] },
            { collectionGroup: 'matches', fieldPath: 'deadline', indexes: [{ order: 'ASCENDING' }] },
          ],
        }),
      ),
    ).toEqual(new Map([['idempotency', new Set(['body'])]]));
  });

  it("names the collections of docs/data-model.md's paths", () => {
    expect(
      dataModelCollections(
        '| `users/{uid}/history/{id}` | API | `b/c` |\n| `escrows/{id}`, `fee:{x}:{y}` |\n| `ledger/{uid}:{reason}:{ref}`, `users/{uid}/following/{x}` | x |\nnot `a/b`',
      ),
    ).toEqual(['users', 'history', 'escrows', 'ledger', 'following']);
  });

  it('finds every document of a database by the shape of its path, under missing parents too', async () => {
    const db = getFirestore(initializeApp({ projectId: 'demo-storage' }, 'storage'));
    await Promise.all((await db.listCollections()).map((collection) => db.recursiveDelete(collection)));
    await db.doc('users/ann').set({ name: 'Ann' });
    await db.doc('users/ann/history/h1').set({ won: true, tags: ['a', 'b'] });
    await db.doc('users/ben/history/h2').set({ won: false, tags: [] });
    await db.doc('months/2026-11/players/ann').set({ wins: 1 });
    const groups = await storedBytes(db, ['history', 'players']);
    expect(groups.map(({ shape, documents }) => [shape, documents]).sort()).toEqual([
      ['months/*/players/*', 1],
      ['users/*', 1],
      ['users/*/history/*', 2],
    ]);
    const history = groups.find((group) => group.shape === 'users/*/history/*')!;
    expect(history.bytes).toBe(
      documentSize('users/ann/history/h1', { won: true, tags: ['a', 'b'] }).bytes +
        documentSize('users/ben/history/h2', { won: false, tags: [] }).bytes,
    );
  });
});
