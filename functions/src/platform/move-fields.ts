import { FieldValue, type DocumentReference, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from './firebase';
import { alreadyExists, settledMeanwhile } from './firestore-codes';

const ATTEMPTS = 5;
const PAGE = 300;

/**
 * A migration for `npm run migrate` that moves fields off documents onto a document of their own
 * (records 93 and 94). Each document of `source` that carries one of `fields` gives them to its
 * `target`, unless the API has written that document since (its create fails: the newer one is
 * kept), and loses them only once its target exists and only if it has not changed meanwhile (an
 * update-time precondition). A second run moves nothing.
 */
export async function moveFieldsOut<T, U>({
  source,
  fields,
  target,
}: {
  /** Every document that may carry the fields, in a stable order (pages follow the last one). */
  source: Query<T>;
  fields: readonly string[];
  target: (document: QueryDocumentSnapshot<T>) => { ref: DocumentReference<U>; data: U };
}): Promise<{ moved: number }> {
  let moved = 0;
  const writer = db.bulkWriter();
  // Passing failures are tried again; a target the API wrote already (create fails) or a source
  // document the API changed meanwhile (its precondition fails) are not.
  writer.onWriteError((error) => !settledMeanwhile(error) && error.failedAttempts < ATTEMPTS);
  const removed = Object.fromEntries(fields.map((field) => [field, FieldValue.delete()]));
  for (let after: QueryDocumentSnapshot<T> | undefined; ;) {
    const { docs } = await (after ? source.startAfter(after) : source).limit(PAGE).get();
    const carrying = docs.filter((document) => fields.some((field) => document.get(field) !== undefined));
    const created = carrying.map((document) => {
      const { ref, data } = target(document);
      return writer.create(ref, data).then(
        () => true,
        (error: unknown) => alreadyExists(error),
      );
    });
    await writer.flush();
    const cleared = (await Promise.all(created)).map((there, index) => {
      const document = carrying[index]!;
      if (!there) return Promise.resolve(false);
      return writer.update(document.ref, removed, { lastUpdateTime: document.updateTime }).then(
        () => true,
        () => false,
      );
    });
    await writer.flush();
    moved += (await Promise.all(cleared)).filter(Boolean).length;
    if (docs.length < PAGE) break;
    after = docs.at(-1);
  }
  await writer.close();
  return { moved };
}
