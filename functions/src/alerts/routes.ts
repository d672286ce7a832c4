import { Router, type Request, type Response } from 'express';
import { PUSH_DEVICES_MAX } from '@versus/domain/alerts/alerts';
import { alertSettingSchema, pushDeviceSchema, standInDeviceSchema } from '@versus/domain/alerts/schemas';
import { requireUser } from '../api/authenticate';
import { rateLimit } from '../api/rate-limit';
import { validBody } from '../api/validate';
import { HttpError, badRequest, notFound } from '../errors/http-error';
import { isLocalPlatform } from '../platform/firebase';
import { parseBody } from '../api/validate';
import { accountRef } from '../platform/collections';
import { documentId } from '../platform/ids';
import type { Clock } from '../platform/clock';
import { readOffToken } from './links';
import { deviceId, isPushEndpoint, vapidPublicKey } from './push';
import { pushDevicesCollection } from './refs';

/** An update of an account that is gone answers 404, not 500. */
async function updateAccount(uid: string, data: Record<string, unknown>): Promise<void> {
  try {
    await accountRef(uid).update(data);
  } catch (error) {
    if ((error as { code?: unknown }).code === 5) throw notFound('That account');
    throw error;
  }
}

/**
 * POST /alerts/off?token=…: turns one kind off on one channel for the player the signed token names,
 * signed in or not: the web app's /alerts/off page, and a mail client's one-click unsubscribe (RFC
 * 8058, a form body this route does not read). It is mounted before the JSON body kernel (app.ts)
 * for that form body; the token is checked before any read.
 */
export function alertOffRoute() {
  return [
    rateLimit('alerts'),
    async (req: Request, res: Response) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const named = readOffToken(token);
      if (!named) throw notFound('That link');
      await updateAccount(named.uid, { [`alerts.kinds.${named.kind}.${named.channel}`]: false });
      res.json({ kind: named.kind, channel: named.channel, on: false });
    },
  ];
}

export function alertsRoutes(clock: Clock): Router {
  const router = Router();

  /** The VAPID public key a browser subscribes with (its applicationServerKey). */
  router.get('/alerts/push-key', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json({ publicKey: vapidPublicKey() });
  });

  /** One kind on one channel, or the language alerts are written in: one write, no read. */
  router.put('/me/alerts', requireUser, validBody(alertSettingSchema), async (req, res) => {
    const { kind, channel, on, language } = req.body as {
      kind?: string;
      channel?: string;
      on?: boolean;
      language?: string;
    };
    await updateAccount(req.user.uid, {
      ...(kind && channel ? { [`alerts.kinds.${kind}.${channel}`]: on } : {}),
      ...(language ? { 'alerts.language': language } : {}),
    });
    res.json({ ok: true });
  });

  /**
   * A browser that allowed pushes: its subscription, stored under the hash of its endpoint (the same
   * browser subscribing again replaces itself). Beyond PUSH_DEVICES_MAX the oldest goes.
   */
  router.post('/me/push-devices', requireUser, rateLimit('alerts'), validBody(pushDeviceSchema), async (req, res) => {
    const { uid } = req.user;
    const { endpoint, keys, language } = req.body as {
      endpoint: string;
      keys: { p256dh: string; auth: string };
      language?: string;
    };
    if (!isPushEndpoint(endpoint))
      throw badRequest('That is not a push service this app can send to.', { endpoint: 'validation.invalid' });
    const id = deviceId(endpoint);
    const devices = pushDevicesCollection(uid);
    // The device, then the oldest beyond the cap removed: two calls, no transaction (a player's two
    // browsers subscribing at once may hold one device more until the next).
    await devices.doc(id).set({ endpoint, keys, ...(language ? { language } : {}), createdAt: clock.now() });
    const all = await devices.orderBy('createdAt', 'desc').get();
    await Promise.all(all.docs.slice(PUSH_DEVICES_MAX).map((old) => old.ref.delete()));
    res.status(201).json({ id });
  });

  /**
   * Local platform only (404 elsewhere): a browser without a push service (headless Chromium, or
   * one with no route to its vendor's) gets a device of the push stand-in instead, which shows what
   * it receives on its page (scripts/alerts-stand-in.mjs). The app asks for it only when built for
   * the local stack (VITE_PUSH_STAND_IN) and its own subscription failed.
   */
  router.post('/me/push-devices/stand-in', requireUser, rateLimit('alerts'), async (req, res) => {
    const standIn = process.env.PUSH_STAND_IN_URL;
    if (!isLocalPlatform() || !standIn) throw notFound('That endpoint');
    const body = await parseBody(standInDeviceSchema, req.body ?? {});
    const made = await fetch(`${standIn}/devices`, { method: 'POST', signal: AbortSignal.timeout(5_000) });
    if (!made.ok) throw new HttpError(503, 'The local push stand-in did not answer.', 'busy');
    const device = (await made.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    const id = deviceId(device.endpoint);
    await pushDevicesCollection(req.user.uid)
      .doc(id)
      .set({
        endpoint: device.endpoint,
        keys: device.keys,
        ...(body.language ? { language: body.language } : {}),
        createdAt: clock.now(),
      });
    res.status(201).json({ id, endpoint: device.endpoint });
  });

  /** This browser stops getting pushes (the app unsubscribes it too). */
  router.delete('/me/push-devices/:id', requireUser, async (req, res) => {
    const id = String(req.params.id);
    if (!/^[0-9a-f]{40}$/.test(id)) throw notFound('That device');
    await pushDevicesCollection(req.user.uid).doc(documentId(id, 'That device')).delete();
    res.json({ ok: true });
  });

  return router;
}
