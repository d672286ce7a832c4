import { FieldValue } from 'firebase-admin/firestore';
import { presenceRef } from '../platform/collections';
import { db } from '../platform/firebase';

/**
 * Presence moved off the profile (docs/decisions/0093): a profile that still carries `lastSeen` gives
 * it to its presence document, unless a tab has written one there since, and loses the field. For
 * `npm run migrate`; a second run finds nothing to move.
 */
export async function movePresenceOffProfiles(): Promise<{ moved: number }> {
  let moved = 0;
  const writer = db.bulkWriter();
  // A presence document a tab wrote already (create fails), or a profile the API changed meanwhile
  // (its update-time precondition fails): left as they are, the next run takes the profile again.
  writer.onWriteError(() => false);
  for (;;) {
    const { docs } = await db.collection('users').where('lastSeen', '>', 0).limit(300).get();
    if (docs.length === 0) break;
    const before = moved;
    for (const profile of docs) {
      void writer
        .create(presenceRef(profile.id), { lastSeen: profile.get('lastSeen') as number })
        .catch(() => undefined);
      void writer.update(profile.ref, { lastSeen: FieldValue.delete() }, { lastUpdateTime: profile.updateTime }).then(
        () => (moved += 1),
        () => undefined,
      );
    }
    await writer.flush();
    // Nothing moved from this page (every profile changed meanwhile): the next run takes them.
    if (moved === before) break;
  }
  await writer.close();
  return { moved };
}
