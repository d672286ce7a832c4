import express, { Router } from 'express';
import { AVATAR_FOLDER, AVATAR_MAX_SIDE, IMAGE_MAX_BYTES, IMAGE_TYPES } from '@versus/domain/platform/constants';
import { profileRef } from '../platform/collections';
import { COVER_FOLDER } from '@versus/domain/tournaments/tournament';
import { gate, requireActiveUserBeside, requireUser } from '../api/authenticate';
import { rateLimit } from '../api/rate-limit';
import { notFound } from '../errors/http-error';
import { blobStore } from '../platform/blob-store';
import { imageTypeError, storeImage } from './images';

/** The raw request body, whether Cloud Functions already read it (rawBody) or express.raw did. */
const bodyOf = (req: express.Request): Buffer => {
  if (Buffer.isBuffer(req.body)) return req.body;
  const raw = (req as express.Request & { rawBody?: Buffer }).rawBody;
  return Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
};

export function uploadsRoutes(): Router {
  const router = Router();

  /** A proof image for a dispute: the body is the image itself (Content-Type image/*). */
  router.post(
    '/uploads/proof',
    requireActiveUserBeside,
    rateLimit('uploads'),
    express.raw({ type: () => true, limit: IMAGE_MAX_BYTES + 1024 }),
    async (req, res) => {
      if (!(IMAGE_TYPES as readonly string[]).includes(req.header('content-type') ?? '')) throw imageTypeError();
      res.status(201).json(await storeImage('proofs', req.user.uid, bodyOf(req), null, gate(req)));
    },
  );

  /** A tournament cover (SPEC §7: uploaded before /tournaments/create), stored under tournaments/images/{uid}/. */
  router.post(
    '/uploads/cover',
    requireActiveUserBeside,
    rateLimit('uploads'),
    express.raw({ type: () => true, limit: IMAGE_MAX_BYTES + 1024 }),
    async (req, res) => {
      if (!(IMAGE_TYPES as readonly string[]).includes(req.header('content-type') ?? '')) throw imageTypeError();
      res.status(201).json(await storeImage(COVER_FOLDER, req.user.uid, bodyOf(req), null, gate(req)));
    },
  );

  /**
   * PUT /profile/avatar: the user's picture, cropped square in the browser; checked again here
   * (type, size, dimensions, square) and scaled to 512 px at most. The profile shows it at once.
   */
  router.put(
    '/profile/avatar',
    requireActiveUserBeside,
    rateLimit('uploads'),
    express.raw({ type: () => true, limit: IMAGE_MAX_BYTES + 1024 }),
    async (req, res) => {
      if (!(IMAGE_TYPES as readonly string[]).includes(req.header('content-type') ?? '')) throw imageTypeError();
      const stored = await storeImage(
        AVATAR_FOLDER,
        req.user.uid,
        bodyOf(req),
        { square: true, maxSide: AVATAR_MAX_SIDE },
        gate(req),
      );
      await profileRef(req.user.uid).update({ avatar: stored.url });
      res.json({ avatar: stored.url });
    },
  );

  /** DELETE /profile/avatar: back to the illustrated placeholder. */
  router.delete('/profile/avatar', requireUser, async (req, res) => {
    await profileRef(req.user.uid).update({ avatar: null });
    res.json({ avatar: null });
  });

  /** The local blob store under the emulator (DESIGN §3); production serves from Cloud Storage. */
  router.get('/blobs/*path', async (req, res) => {
    if (!blobStore().local) throw notFound('That file');
    const path = ([] as string[]).concat((req.params as { path: string | string[] }).path).join('/');
    const blob = await blobStore().read(path);
    if (!blob) throw notFound('That file');
    res.setHeader('Content-Type', blob.contentType);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // An uploaded file is shown as an image and nothing else: no scripts, no frames, no plugins.
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.send(blob.data);
  });

  return router;
}
