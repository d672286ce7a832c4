import { FieldValue } from 'firebase-admin/firestore';
import { presenceRef, profilesCollection } from '../platform/collections';
import { db } from '../platform/firebase';

/** gRPC's ALREADY_EXISTS and FAILED_PRECONDITION: a write that trying again would not change. */
const SETTLED = new Set([6, 9]);
const ATTEMPTS = 5;

/**
 * Presence moved off the profile (docs/decisions/0093): a profile that still carries `lastSeen` gives
 * it to its presence document, unless a tab has written one there since, and loses the field only
 * once its presence document exists. For `npm run migrate`; a second run finds nothing to move.
 */
export async function movePresenceOffProfiles(): Promise<{ moved: number }> {
  let moved = 0;
  const writer = db.bulkWriter();
  // Passing failures are tried again; a presence document a tab wrote already (create fails) or a
  // profile the API changed meanwhile (its update-time precondition fails) are not.
  writer.onWriteError((error) => !SETTLED.has(Number(error.code)) && error.failedAttempts < ATTEMPTS);
  for (;;) {
    const { docs } = await profilesCollection().where('lastSeen', '>', 0).limit(300).get();
    if (docs.length === 0) break;
    const created = docs.map((profile) =>
      writer.create(presenceRef(profile.id), { lastSeen: profile.get('lastSeen') as number }).then(
        () => true,
        (error: { code?: unknown }) => Number(error.code) === 6,
      ),
    );
    await writer.flush();
    const cleared = (await Promise.all(created)).map((there, index) => {
      const profile = docs[index]!;
      if (!there) return Promise.resolve(false);
      return writer.update(profile.ref, { lastSeen: FieldValue.delete() }, { lastUpdateTime: profile.updateTime }).then(
        () => true,
        () => false,
      );
    });
    await writer.flush();
    const done = (await Promise.all(cleared)).filter(Boolean).length;
    moved += done;
    // Nothing moved from this page (each profile changed meanwhile, or Firestore kept failing): the
    // next run takes them, rather than this one reading the same page for ever.
    if (done === 0) break;
  }
  await writer.close();
  return { moved };
}
