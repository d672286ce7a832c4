/* global self */
// Versus's service worker (issue #60): it shows the alerts the server pushes (Web Push) and opens
// the match, battle or page an alert is about when it is clicked. It handles no fetch: the app
// itself is never served from here.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const actions = [];
  if (message.checkIn) actions.push({ action: 'check-in', title: message.checkIn.label });
  if (message.off) actions.push({ action: 'off', title: message.offLabel });
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: true,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: message.url, off: message.off, checkIn: message.checkIn ?? null },
      actions,
    }),
  );
});

/** Where a click leads: the off page, the match with its check-in asked for, or the alert's page. */
function target(notification, action) {
  const data = notification.data ?? {};
  if (action === 'off' && data.off) return data.off;
  const url = new URL(data.url ?? '/', self.location.origin);
  if (action === 'check-in' && data.checkIn) url.searchParams.set('checkIn', data.checkIn.match);
  return url.href;
}

/** Opens `url` in a tab of the app (which navigates itself, keeping its state), or in a new one. */
async function open(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!tab) return self.clients.openWindow(url);
  await tab.focus().catch(() => {});
  tab.postMessage({ type: 'versus:open', url });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const opening = open(target(event.notification, event.action));
  // Only the browser's own click may extend the worker's life; an event made by script may not.
  if (event.isTrusted) event.waitUntil(opening);
});
