import { Router } from 'express';
import { markAllViewedSchema, markAsViewedSchema, popupSeenSchema } from '@versus/domain/notifications/schemas';
import { db } from '../platform/firebase';
import { requireUser } from '../api/authenticate';
import { parseBody } from '../api/validate';
import { runOptimistic } from '../platform/optimistic';
import { accountRef, notificationRef, notificationsCollection } from '../platform/collections';

/** The most notifications one "Mark all as read" marks (one batch); more are marked by the next. */
const MARK_ALL_MAX = 500;

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
   * Marks every unseen notification of the caller viewed, the newest 500 at most (the /notifications
   * page's "Mark all as read"): the query the header's badge listens to, by the same index. One
   * arriving meanwhile stays unseen.
   */
  router.post('/notifications/markAllViewed', requireUser, async (req, res) => {
    const { uid } = req.user;
    await parseBody(markAllViewedSchema, req.body ?? {});
    const unseen = await notificationsCollection(uid)
      .where('viewed', '==', false)
      .orderBy('createdAt', 'desc')
      .limit(MARK_ALL_MAX)
      .get();
    if (!unseen.empty) {
      const batch = db.batch();
      for (const doc of unseen.docs) batch.update(doc.ref, { viewed: true });
      await batch.commit();
    }
    res.json({ updated: unseen.size });
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
