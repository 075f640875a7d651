/* global self, caches */
// The portal's service worker: it keeps the app's shell (index.html and its hashed scripts, styles
// and fonts) on the phone so the installed app opens without signal. It never touches the API: what
// a driver records offline waits in the page's IndexedDB outbox, and API reads and writes always go
// to the network, so nobody is shown another session's data from a cache.
// The build writes its id below, so every release installs a new worker that drops the old caches.
const BUILD_ID = '__BUILD_ID__';
const SHELL = `portal-shell-${BUILD_ID}`;
const ASSETS = `portal-assets-${BUILD_ID}`;
const NOT_APP = ['/api/', '/auth/', '/oidc', '/.well-known/', '/healthz', '/readyz'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      const response = await fetch('/', { cache: 'no-cache' });
      if (!response.ok) return;
      const html = await response.clone().text();
      await shell.put('/', response);
      // The entry script and stylesheet the shell names; chunks loaded later are kept as they load.
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
    // The network first, so a release is seen at once; the kept shell when there is no signal.
    event.respondWith(
      fetch(request).catch(async () => {
        const kept = await caches.match('/', { cacheName: SHELL });
        return kept ?? Response.error();
      }),
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
