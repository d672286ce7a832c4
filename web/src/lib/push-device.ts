import type { Locale } from '@versus/domain/platform/constants';
import { apiRequest } from './api';

const pushKey = () => apiRequest<{ publicKey: string }>('/alerts/push-key', { open: true });
/** Without a language the device's pushes follow the player's (alerts.language). */
const addPushDevice = (subscription: PushSubscriptionJSON, language: Locale | undefined) =>
  apiRequest<{ id: string }>('/me/push-devices', { method: 'POST', body: { ...subscription, language } });
const removePushDevice = (id: string) => apiRequest<{ ok: true }>(`/me/push-devices/${id}`, { method: 'DELETE' });

/**
 * This browser's Web Push (issue #60): the service worker (public/sw.js) shows what the server
 * pushes; the subscription is the browser's own push service's, stored on the server per device.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'on-stand-in';

/**
 * The local stack's fallback (VITE_PUSH_STAND_IN, set by npm start and the browser tests' build): a
 * browser whose own push service cannot be reached gets a device of the push stand-in, whose page
 * shows what it receives; this browser keeps its id to show it on and to remove it.
 */
const STAND_IN_KEY = 'versus:pushStandIn';
const standInAllowed = () => (import.meta.env.VITE_PUSH_STAND_IN as string | undefined) === '1';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const registration = () => navigator.serviceWorker.register('/sw.js', { scope: '/' });

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription && Notification.permission === 'granted') return 'on';
  return localStorage.getItem(STAND_IN_KEY) && Notification.permission === 'granted' ? 'on-stand-in' : 'off';
}

/** The id the server keeps this device under: the hash of its endpoint (functions/src/alerts/push.ts). */
async function deviceId(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 40);
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
};

/** Asks the browser's permission, subscribes with our VAPID key and tells the server. */
export async function enablePush(language: Locale | undefined): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const { publicKey } = await pushKey();
  let subscription: PushSubscription;
  try {
    subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  } catch (failure) {
    if (!standInAllowed()) throw failure;
    const device = await apiRequest<{ id: string }>('/me/push-devices/stand-in', {
      method: 'POST',
      body: { language },
    });
    localStorage.setItem(STAND_IN_KEY, device.id);
    return 'on-stand-in';
  }
  await addPushDevice(subscription.toJSON(), language);
  return 'on';
}

/** This device stops getting pushes: the server forgets it and the browser unsubscribes. */
export async function disablePush(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const standIn = localStorage.getItem(STAND_IN_KEY);
  if (standIn) {
    await removePushDevice(standIn);
    localStorage.removeItem(STAND_IN_KEY);
  }
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await removePushDevice(await deviceId(subscription.endpoint));
    await subscription.unsubscribe();
  }
  return 'off';
}

/** Keeps a device that allowed pushes in the player's language after they switch it. */
export async function refreshPushDevice(language: Locale): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return;
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) await addPushDevice(subscription.toJSON(), language);
}

/** The player's e-mails and pushes written in `language`, this device's pushes too (issue #60). */
export async function writeAlertsIn(language: Locale): Promise<void> {
  await apiRequest<{ ok: true }>('/me/alerts', { method: 'PUT', body: { language } });
  await refreshPushDevice(language);
}
