import { Router } from 'express';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { markAllViewedSchema, markAsViewedSchema, popupSeenSchema } from '@versus/domain/notifications/schemas';
import { requireUser } from '../api/authenticate';
import { parseBody } from '../api/validate';
import { runOptimistic } from '../platform/optimistic';
import { db } from '../platform/firebase';
import { accountRef, notificationRef, notificationsCollection } from '../platform/collections';

/** The notifications one round of "Mark all as read" reads and marks. */
const MARK_ALL_MAX = 500;
/**
 * Rounds one "Mark all as read" makes at most, 500 each: one click marked 500 of 581 and said
 * nothing (walk AJ). Notifications go after 90 days, so this is more than a player gathers.
 */
const MARK_ALL_ROUNDS = 20;

/**
 * Marks each notice viewed only as it was read (its update time): one changed since (a name
 * gathered or withdrawn) or gone is not what the reader was shown, and stays as it is. Each on its
 * own, so one change fails no other (as one batch, every change read all 500 again).
 */
async function markUnchanged(docs: QueryDocumentSnapshot[]): Promise<number> {
  const writer = db.bulkWriter();
  writer.onWriteError(() => false);
  let marked = 0;
  for (const doc of docs)
    writer.update(doc.ref, { viewed: true }, { lastUpdateTime: doc.updateTime }).then(
      () => (marked += 1),
      () => {},
    );
  await writer.close();
  return marked;
}

export function notificationsRoutes(): Router {
  const router = Router();

  /** Marks the caller's own notifications viewed; unknown or foreign ids are ignored. */
  router.post('/notifications/markAsViewed', requireUser, async (req, res) => {
    const { uid } = req.user;
    const { notifications } = await parseBody(markAsViewedSchema, req.body);
    const refs = [...new Set(notifications)].map((id) => notificationRef(uid, id));
    const updated = await runOptimistic(async (tx) => {
      const snapshots = await tx.getAll(...refs);
      const unseen = snapshots.filter((snapshot) => snapshot.exists && snapshot.data()?.viewed !== true);
      for (const snapshot of unseen) tx.update(snapshot.ref, { viewed: true });
      return unseen.length;
    });
    res.json({ updated });
  });

  /**
   * Marks every unseen notification of the caller viewed (the /notifications page's "Mark all as
   * read"), 500 a round: the query the header's badge listens to, by the same index, up to the
   * newest the reader was shown (`upTo`). One arriving meanwhile, or a gathered one that took a
   * name since (its `createdAt` moves), stays unseen. Each is marked only as it was read
   * (markUnchanged): a name gathered between the query and the write was marked read unseen, and a
   * notice withdrawn failed the whole batch (record 193).
   */
  router.post('/notifications/markAllViewed', requireUser, async (req, res) => {
    const { uid } = req.user;
    const { upTo } = await parseBody(markAllViewedSchema, req.body ?? {});
    const shown =
      upTo === undefined ? notificationsCollection(uid) : notificationsCollection(uid).where('createdAt', '<=', upTo);
    let updated = 0;
    for (let round = 0; round < MARK_ALL_ROUNDS; round += 1) {
      const unseen = await shown.where('viewed', '==', false).orderBy('createdAt', 'desc').limit(MARK_ALL_MAX).get();
      const marked = await markUnchanged(unseen.docs);
      updated += marked;
      if (unseen.size < MARK_ALL_MAX || marked === 0) break;
    }
    res.json({ updated });
  });

  /**
   * Closing the active popup (the last entry) removes it; the next one becomes active. With `refs`,
   * the popups the reader saw collapsed into one ("and N more results") go together; one that
   * arrived since is not among them and stays.
   */
  router.post('/notifications/popupSeen', requireUser, async (req, res) => {
    const { uid } = req.user;
    const { refs } = await parseBody(popupSeenSchema, req.body ?? {});
    const remaining = await runOptimistic(async (tx) => {
      const account = await tx.get(accountRef(uid));
      const popups = account.data()?.popups ?? [];
      if (popups.length === 0) return 0;
      const next = refs ? popups.filter((popup) => !refs.includes(popup.ref)) : popups.slice(0, -1);
      if (next.length !== popups.length) tx.update(accountRef(uid), { popups: next });
      return next.length;
    });
    res.json({ remaining });
  });

  return router;
}
