import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { AlertSettings } from '@versus/domain/alerts/alerts';
import type { OutboxAlert, PushDevice } from '@versus/domain/alerts/outbox';
import type { Locale } from '@versus/domain/platform/constants';
import { alertPath, offPageUrl, offToken } from './links';
import { alertTexts, describeAlert } from './texts';

/**
 * Web Push alerts (issue #60): the `web-push` library encrypts the message for the device
 * (RFC 8291) and signs our claim with the VAPID key (RFC 8292: VAPID_PUBLIC_KEY in the environment,
 * VAPID_PRIVATE_KEY a secret); fetch carries it to the device's push service (RFC 8030), so the same
 * code reaches Google's, Mozilla's, Apple's and Microsoft's services in production, and the push
 * stand-in locally. A device its service reports gone (404, 410, or 403 for another key) is removed by the caller.
 */

/** The push services browsers subscribe with; PUSH_ENDPOINT_ORIGINS adds the local stand-in's. */
const SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];
export function isPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const extra = (process.env.PUSH_ENDPOINT_ORIGINS ?? '').split(',').filter(Boolean);
  if (extra.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && SERVICES.some((host) => host.test(url.hostname));
}

export const vapidPublicKey = (): string => {
  const key = process.env.VAPID_PUBLIC_KEY;
  if (!key) throw new Error('VAPID_PUBLIC_KEY is not set');
  return key;
};

/** What the service worker shows (web/public/sw.js): the title, the line, where it opens, and its off link. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  off: string;
  tag: string;
  /** A match's check-in offers to check in from the notification itself. */
  checkIn?: { tournament: string; match: string; label: string };
  offLabel: string;
}

export function pushMessage(alert: OutboxAlert, id: string, language: Locale | undefined): PushMessage {
  const t = alertTexts(language);
  const { title, line } = describeAlert(language, alert.kind, alert.content, alert.uid);
  const { tournament, match } = alert.content;
  return {
    title,
    body: line,
    url: alertPath(alert.content, language),
    off: offPageUrl(offToken(alert.uid, alert.kind, 'push'), language),
    offLabel: t('push.off'),
    // One notification per match or battle on a device: a newer alert about it replaces the older.
    tag: `${alert.kind}:${match ?? alert.content.battle ?? alert.content.challenge ?? id}`,
    ...(alert.kind === 'checkIn' && tournament && match
      ? { checkIn: { tournament: tournament.id, match, label: t('push.checkIn') } }
      : {}),
  };
}

/** How long a push service keeps trying a device that is offline: a check-in is over in minutes. */
const TTL_SECONDS: Partial<Record<OutboxAlert['kind'], number>> = { checkIn: 600, matchReady: 3600, youAreNext: 3600 };

export async function sendAlertPush(
  alert: OutboxAlert,
  id: string,
  device: PushDevice,
  settings: AlertSettings | undefined,
): Promise<'sent' | 'gone'> {
  const language = (device.language as Locale | undefined) ?? settings?.language;
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: device.keys },
    JSON.stringify(pushMessage(alert, id, language)),
    {
      vapidDetails: {
        subject: process.env.VAPID_SUBJECT ?? 'mailto:alerts@versus.test',
        publicKey: vapidPublicKey(),
        privateKey: process.env.VAPID_PRIVATE_KEY ?? '',
      },
      TTL: TTL_SECONDS[alert.kind] ?? 86_400,
      urgency: alert.kind === 'checkIn' || alert.kind === 'matchReady' ? 'high' : 'normal',
      // The push service replaces an undelivered message with the same topic: a retry is not a second alert.
      topic: createHash('sha256').update(id).digest('base64url').slice(0, 32),
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body as Buffer),
    signal: AbortSignal.timeout(10_000),
  });
  // 404/410: the subscription is gone; 403: it was made with another VAPID key (ours changed), and
  // will never take ours: the browser subscribes again when its player next turns pushes on.
  if (response.status === 404 || response.status === 410 || response.status === 403) return 'gone';
  if (!response.ok) throw new Error(`the push service answered ${response.status}`);
  return 'sent';
}

export const deviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 40);
