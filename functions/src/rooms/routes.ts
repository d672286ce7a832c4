import { Router, type Request } from 'express';
import { lastOpenSchema, sendMessageSchema, type LastOpenInput } from '@versus/domain/rooms/schemas';
import { gate, requireActiveUser, requireActiveUserBeside, requireUser } from '../api/authenticate';
import { rateLimit } from '../api/rate-limit';
import { badRequest } from '../errors/http-error';
import { parseBody, validBody } from '../api/validate';
import { blobStore, isBlobPath } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import { documentId } from '../platform/ids';
import { deleteMessage, lastOpen, sendMessage, typed_ } from './service';

/** Tournament chat (SPEC §7 /rooms calls, and our delete). */
export function roomsRoutes(clock: Clock): Router {
  const router = Router();
  const id = (req: Request) => documentId(String(req.params.id), 'That room');

  router.post('/rooms/:id/sendMessage', requireActiveUserBeside, rateLimit('chat'), async (req, res) => {
    const { message, attachment } = await parseBody(sendMessageSchema, req.body);
    let image = null;
    if (attachment) {
      // An image this member uploaded first (POST /uploads/proof), as for disputes.
      if (
        !isBlobPath(attachment) ||
        !attachment.startsWith(`proofs/${req.user.uid}/`) ||
        !(await blobStore().exists(attachment))
      )
        throw badRequest('Upload the image first.', { attachment: 'rooms.errors.attachment' });
      image = { path: attachment, url: blobStore().urlOf(attachment) };
    }
    res
      .status(201)
      .json(await sendMessage(req.user.uid, id(req), { message, attachment: image }, clock.now(), gate(req)));
  });

  router.post('/rooms/:id/typed', requireActiveUser, async (req, res) => {
    res.json(await typed_(req.user.uid, id(req), clock.now()));
  });

  // A closing mark is written even within the throttle, so it spends from the chat's flood limit.
  const closingLimit = rateLimit('chat');
  router.post(
    '/rooms/:id/lastOpen',
    requireUser,
    validBody(lastOpenSchema),
    (req, res, next) => (req.body?.closing === true ? closingLimit(req, res, next) : next()),
    // validBody has replaced the body with its parsed form.
    async (req, res) => {
      res.json(await lastOpen(req.user.uid, id(req), clock.now(), (req.body ?? {}) as LastOpenInput));
    },
  );

  router.post('/rooms/:id/messages/:messageId/delete', requireUser, async (req, res) => {
    res.json(await deleteMessage(req.user.uid, id(req), String(req.params.messageId), clock.now()));
  });

  return router;
}
