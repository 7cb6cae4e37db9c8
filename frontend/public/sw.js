/* Jarvis service worker: shows the push notifications the server sends and opens the app when one is clicked.
   Payload (JSON): { title, body, url?, tag?, notificationId? }. Registered from /sw.js at start-up (doc1 §4). */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Jarvis';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: data.tag || undefined,
      data: { url: data.url || '/', notificationId: data.notificationId || null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  ).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) {
        if ('navigate' in open && open.url !== target) open.navigate(target).catch(() => undefined);
        return open.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
