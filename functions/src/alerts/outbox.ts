import { FieldValue, type DocumentSnapshot, type Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  ALERT_ATTEMPTS_MAX,
  alertKindOf,
  alertOn,
  alertRetryDelayMs,
  type AlertChannel,
} from '@versus/domain/alerts/alerts';
import {
  pendingDelivery,
  type DiscordPost,
  type OutboxAlert,
  type TournamentWebhook,
} from '@versus/domain/alerts/outbox';
import type { Locale } from '@versus/domain/platform/constants';
import { banOfNoShow, ownNoShow } from '@versus/domain/users/reliability';
import { accountRef, profileRef } from '../platform/collections';
import { auth } from '../platform/firebase';
import { updateIfUnchanged } from '../platform/optimistic';
import type { Creates, NotificationContent } from '../notifications/notify';
import { outboxCollection, outboxRef, pushDevicesCollection } from './refs';
import { sendAlertMail } from './email';
import { sendAlertPush } from './push';
import { readWebhook, sendDiscordPost, switchOffWebhook } from './discord';

/**
 * The outbox (issue #60): an alert off the site is a document written in the same commit as the
 * notification it repeats, so an event that happened is never lost and one that did not is never
 * sent. It is delivered right after the commit (production: a Firestore trigger on its creation,
 * index.ts; the one-process host: its stand-in for that trigger, scripts/lib/api-host.mjs), and
 * the sweeper tries again what failed, with backoff. Each channel and device is marked sent as it
 * succeeds, and a delivery holds a lease on the alert, so a retry or a second delivery never sends
 * again what was received.
 */

/**
 * How long one delivery holds an alert before another may take it over (a crashed instance's):
 * twice the trigger's 60 s, and every send is bounded well within it (10–20 s each).
 */
const LEASE_MS = 120_000;
/** Delivered alerts are kept this long (Firestore's TTL policy on `expireAt` removes them). */
const KEPT_MS = 30 * 24 * 3_600_000;

/** In the command's transaction: the alert for a notification that is one (alertKindOf), else nothing. */
export function enqueueAlert(
  tx: Creates,
  uid: string,
  notification: string,
  content: NotificationContent,
  now: number,
): void {
  const kind = alertKindOf(content);
  if (!kind) return;
  tx.create(outboxRef(`${uid}_${notification}`), {
    uid,
    kind,
    notification,
    content,
    ...pendingDelivery(now),
  });
}

export interface Delivery {
  /** Sends made, per channel (a device's push counts once each). */
  sent: Partial<Record<AlertChannel | 'discord', number>>;
  failed: number;
}

type Queued = OutboxAlert | DiscordPost;

/**
 * Takes an alert for this delivery under its update time: the claim's write time, or undefined when
 * it is not due, another took it, or it is gone (erased meanwhile). One that used up its attempts
 * without settling (a delivery that died) is given up here.
 */
async function claim(snapshot: DocumentSnapshot, item: Queued | undefined, now: number) {
  if (!item || item.state !== 'PENDING' || item.leaseUntil > now || !snapshot.updateTime) return undefined;
  // A retry waits for its backoff; a first delivery goes at once (a command's clock may run ahead).
  if (item.attempts > 0 && item.due > now) return undefined;
  const update =
    item.attempts >= ALERT_ATTEMPTS_MAX
      ? { state: 'FAILED', leaseUntil: 0, content: FieldValue.delete(), post: FieldValue.delete() }
      : { leaseUntil: now + LEASE_MS, attempts: FieldValue.increment(1) };
  try {
    const claimed = await updateIfUnchanged(snapshot.ref, update, snapshot.updateTime);
    return item.attempts >= ALERT_ATTEMPTS_MAX ? undefined : claimed;
  } catch (error) {
    if ((error as { code?: unknown }).code === 5) return undefined;
    throw error;
  }
}

/** Records what went, and when to try again what did not (or that it is given up). */
async function settle(
  snapshot: DocumentSnapshot,
  claimed: Timestamp,
  item: Queued,
  sent: Record<string, number>,
  errors: string[],
  now: number,
) {
  const attempts = item.attempts + 1;
  const done = errors.length === 0;
  const state = done ? 'DONE' : attempts >= ALERT_ATTEMPTS_MAX ? 'FAILED' : 'PENDING';
  if (!done) logger.warn('alert delivery failed', { alert: snapshot.id, attempts, errors });
  // Only over this delivery's claim: a delivery that outlived its lease and was taken over leaves the
  // record to the one that took it.
  await updateIfUnchanged(
    snapshot.ref,
    {
      ...Object.fromEntries(Object.entries(sent).map(([key, at]) => [`sent.${key}`, at])),
      state,
      leaseUntil: 0,
      due: done ? now : now + alertRetryDelayMs(attempts),
      ...(done ? {} : { lastError: errors.join('; ') }),
      // What it said (names included) is not kept once it is delivered or given up on.
      ...(state === 'PENDING'
        ? {}
        : { content: FieldValue.delete(), post: FieldValue.delete(), posts: FieldValue.delete() }),
      expireAt: new Date(now + KEPT_MS),
    },
    claimed,
  );
}

/**
 * Delivers one outbox document from its snapshot (the trigger's event, or the sweeper's query):
 * claims it under its update time, sends on each channel that has not had it, records what went.
 */
export async function deliverAlert(snapshot: DocumentSnapshot, now: number): Promise<Delivery> {
  const item = snapshot.data() as Queued | undefined;
  const claimed = await claim(snapshot, item, now);
  if (!claimed) return { sent: {}, failed: 0 };
  try {
    return item!.channel === 'discord'
      ? await deliverPost(snapshot, claimed, item as DiscordPost, now)
      : await deliverToPlayer(snapshot, claimed, item as OutboxAlert, now);
  } catch (error) {
    // A read that failed before any send: recorded as a failed attempt, tried again after its backoff.
    await settle(snapshot, claimed, item!, {}, [String((error as Error).message).slice(0, 300)], now);
    return { sent: {}, failed: 1 };
  }
}

async function deliverToPlayer(
  snapshot: DocumentSnapshot,
  claimed: Timestamp,
  alert: OutboxAlert,
  now: number,
): Promise<Delivery> {
  const delivery: Delivery = { sent: {}, failed: 0 };
  // The player's choices, devices and whether their address is verified, side by side (one call in
  // a row after the claim): e-mail goes only to an address its owner proved. A no-show of the
  // player's own reads their reliability beside: the ban it brought, if any, is said with it (walk AE).
  const absent = ownNoShow(alert.content);
  const [account, devices, verified, profile] = await Promise.all([
    accountRef(alert.uid).get(),
    pushDevicesCollection(alert.uid).get(),
    auth.getUser(alert.uid).then(
      (user) => user.emailVerified,
      () => false,
    ),
    absent ? profileRef(alert.uid).get() : null,
  ]);
  const bannedUntil = absent ? banOfNoShow(profile?.data()?.reliability, absent, now) : null;
  const told = bannedUntil ? { ...alert, content: { ...alert.content, bannedUntil } } : alert;
  const data = account.data();
  const settings = data?.alerts;
  const sent: Record<string, number> = {};
  const gone: string[] = [];
  const errors: string[] = [];
  const attempt = async (key: string, channel: AlertChannel, send: () => Promise<'sent' | 'gone'>) => {
    if (alert.sent[key]) return;
    try {
      if ((await send()) === 'gone') gone.push(key.slice('push:'.length));
      else {
        sent[key] = now;
        delivery.sent[channel] = (delivery.sent[channel] ?? 0) + 1;
      }
    } catch (error) {
      delivery.failed += 1;
      errors.push(`${key}: ${(error as Error).message}`.slice(0, 300));
    }
  };
  const work: Promise<void>[] = [];
  // A deactivated account (deletion on its way) hears nothing off the site.
  if (data && !data.deletionOn) {
    if (alertOn(settings, alert.kind, 'email') && data.email && verified)
      work.push(attempt('email', 'email', () => sendAlertMail(told, snapshot.id, data.email, settings)));
    if (alertOn(settings, alert.kind, 'push'))
      for (const device of devices.docs)
        work.push(
          attempt(`push:${device.id}`, 'push', () => sendAlertPush(told, snapshot.id, device.data(), settings)),
        );
  }
  await Promise.all(work);
  await Promise.all([
    settle(snapshot, claimed, alert, sent, errors, now),
    // A device the push service says is gone (404, 410) stops being sent to.
    ...gone.map((id) => pushDevicesCollection(alert.uid).doc(id).delete()),
  ]);
  return delivery;
}

async function deliverPost(
  snapshot: DocumentSnapshot,
  claimed: Timestamp,
  post: DiscordPost,
  now: number,
): Promise<Delivery> {
  const delivery: Delivery = { sent: {}, failed: 0 };
  const hook = (await readWebhook(post.tournament.id)).data() as TournamentWebhook | undefined;
  const errors: string[] = [];
  const sent: Record<string, number> = {};
  if (hook?.on && !post.sent.discord) {
    try {
      if ((await sendDiscordPost(post, hook.language as Locale, hook.url)) === 'gone')
        await switchOffWebhook(post.tournament.id, now);
      else {
        sent.discord = now;
        delivery.sent.discord = 1;
      }
    } catch (error) {
      delivery.failed = 1;
      errors.push(`discord: ${(error as Error).message}`.slice(0, 300));
    }
  }
  await settle(snapshot, claimed, post, sent, errors, now);
  return delivery;
}

/** The sweeper's pass: every alert due again (a failed delivery's backoff is over, or a delivery that never ran). */
export async function sweepAlerts(now: number, scope: { all?: boolean; alerts?: string[] }) {
  const snapshots = scope.all
    ? (await outboxCollection().where('state', '==', 'PENDING').where('due', '<=', now).limit(200).get()).docs
    : await Promise.all((scope.alerts ?? []).map((id) => outboxRef(id).get()));
  // One alert that fails does not stop the others (nor the rest of the sweep).
  const deliveries = await Promise.all(
    snapshots.map((snapshot) =>
      deliverAlert(snapshot, now).catch((error: unknown): Delivery => {
        logger.error('alert sweep step failed', { alert: snapshot.id, error: String(error) });
        return { sent: {}, failed: 1 };
      }),
    ),
  );
  const count = (channel: keyof Delivery['sent']) =>
    deliveries.reduce((sum, item) => sum + (item.sent[channel] ?? 0), 0);
  return {
    alertsEmailed: count('email'),
    alertsPushed: count('push'),
    discordPosted: count('discord'),
    alertsFailed: deliveries.reduce((sum, item) => sum + item.failed, 0),
  };
}
