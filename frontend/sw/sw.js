/* Jarvis service worker: keeps the app shell so a second visit starts without the network, shows the push
   notifications the server sends and opens the app when one is clicked. Push payload (JSON): { title, body, url?,
   tag?, notificationId? }. Registered from /sw.js at start-up (doc1 §4).
   The build (service-worker.config.ts) puts BUILD (a hash of every built file) and SHELL (index.html, the start
   bundle, the manifest and icons) in front of this file, so each deployment gets a new worker and a new cache. */
/* global BUILD, SHELL */
const CACHE = `jarvis-shell-${BUILD}`;
/** Never from the cache: the API, provider webhooks, health and this worker itself. */
const NETWORK_ONLY = /^\/(?:api|webhooks)(?:\/|$)|^\/health$|^\/sw\.js$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Older releases' caches go: a tab still on old code asks the network for its chunks, as without a worker (a
  // chunk the server no longer has makes the page reload once: src/app/reload-on-stale-chunks.ts).
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('jarvis-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Network first, so a new deployment is picked up on the next navigation; the kept shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE })));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(fromCacheOrNetwork(request, url.pathname.startsWith('/assets/')));
  }
});

/** Built files are named by their content, so a kept copy is always right; lazily loaded ones are kept as used. */
async function fromCacheOrNetwork(request, keep) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keep && response.ok) await cache.put(request, response.clone());
  return response;
}

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
      icon: '/icons/icon-192.png',
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
