import { Router } from 'express';
import { markAllViewedSchema, markAsViewedSchema, popupSeenSchema } from '@versus/domain/notifications/schemas';
import { requireUser } from '../api/authenticate';
import { parseBody } from '../api/validate';
import { runOptimistic } from '../platform/optimistic';
import { accountRef, notificationRef, notificationsCollection } from '../platform/collections';

/** The most notifications one commit of "Mark all as read" marks (a batch's limit). */
const MARK_ALL_MAX = 500;
/**
 * Commits one "Mark all as read" makes at most, 500 each: one click marked 500 of 581 and said
 * nothing (walk AJ). Notifications go after 90 days, so this is more than a player gathers.
 */
const MARK_ALL_COMMITS = 20;

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
   * read"), 500 a commit: the query the header's badge listens to, by the same index, up to the
   * newest the reader was shown (`upTo`). One arriving meanwhile, or a gathered one that took a
   * name since (its `createdAt` moves), stays unseen. Each is marked under the update time it was
   * read at: a name gathered or a notice withdrawn between the query and the commit reads again
   * (it had marked the new name read unseen, or failed on the deleted notice).
   */
  router.post('/notifications/markAllViewed', requireUser, async (req, res) => {
    const { uid } = req.user;
    const { upTo } = await parseBody(markAllViewedSchema, req.body ?? {});
    const shown =
      upTo === undefined ? notificationsCollection(uid) : notificationsCollection(uid).where('createdAt', '<=', upTo);
    let updated = 0;
    for (let commit = 0; commit < MARK_ALL_COMMITS; commit += 1) {
      const marked = await runOptimistic(async (tx) => {
        const unseen = await tx.get(
          shown.where('viewed', '==', false).orderBy('createdAt', 'desc').limit(MARK_ALL_MAX),
        );
        for (const doc of unseen.docs) tx.update(doc.ref, { viewed: true });
        return unseen.size;
      });
      updated += marked;
      if (marked < MARK_ALL_MAX) break;
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
