/* global self, caches */
// The portal's service worker: it keeps the app's hashed scripts, styles and fonts on the phone (a
// weak signal loads the app from there) and a "No signal" page for when a page cannot be opened. It
// never touches the API: what a driver records offline waits in the page's IndexedDB outbox, and
// API reads and writes always go to the network, so nobody is shown another session's data.
// The build writes its id below, so every release installs a new worker that drops the old caches.
const BUILD_ID = '__BUILD_ID__';
const SHELL = `portal-shell-${BUILD_ID}`;
const ASSETS = `portal-assets-${BUILD_ID}`;
// Shown when a page cannot be opened without signal (the app itself needs the server to sign in).
const OFFLINE_PAGE = ['/offline.html', '/offline.js', '/offline.css', '/favicon.svg'];
const NOT_APP = ['/api/', '/auth/', '/oidc', '/.well-known/', '/healthz', '/readyz'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(SHELL)).addAll(OFFLINE_PAGE);
      const response = await fetch('/', { cache: 'no-cache' });
      if (!response.ok) return;
      // The entry script and stylesheet index.html names; chunks loaded later are kept as they load.
      const html = await response.text();
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      await (await caches.open(ASSETS)).addAll(['/manifest.webmanifest', ...assets]);
    })(),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('portal-') && name !== SHELL && name !== ASSETS)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NOT_APP.some((prefix) => url.pathname.startsWith(prefix))) return;

  if (request.mode === 'navigate') {
    // The network first, so a release is seen at once. Without signal the app could not sign in or
    // read a load, so the kept "No signal" page says so and lists what waits to be sent.
    event.respondWith(
      fetch(request).catch(async () => {
        const kept = await caches.match('/offline.html', { cacheName: SHELL });
        return kept ?? Response.error();
      }),
    );
    return;
  }
  if (OFFLINE_PAGE.includes(url.pathname)) {
    event.respondWith(
      (async () => (await caches.match(request, { cacheName: SHELL })) ?? fetch(request))(),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icon-')) {
    // Hashed file names never change content: the kept copy is always right.
    event.respondWith(
      (async () => {
        const cache = await caches.open(ASSETS);
        const kept = await cache.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      })(),
    );
  }
});
