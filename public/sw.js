/*
 * DiscShelf's service worker: the barcode scanner without a connection. Registered for members and
 * the installed app only (components/scan/service-worker.ts), at /sw.js?v=<app version>, so each
 * deployment installs a new worker whose caches replace the old ones.
 *
 * - The scanner's pages (/scan, /fi/scan) are fetched from the network first and kept; without a
 *   connection the kept copy answers.
 * - The build's files under /_next/static/ (content-hashed, never changed once built) are answered
 *   from the cache first and kept once fetched: the scanner's code, its barcode reader and the
 *   reader's .wasm. On install the scanner's pages and every file they name are fetched, so a
 *   scan works offline right after the first visit.
 * - Everything else (other pages, the API, pictures) is left to the browser, untouched: the
 *   barcode list and the queued changes live in IndexedDB (components/scan/offline-store.ts).
 *   (A worker's own fetch of a page would let the browser's HTTP cache answer it under the
 *   pages' `stale-while-revalidate`, which navigations never do: a member would see a page from
 *   before their own change.)
 */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const PAGES = `discshelf-pages-${VERSION}`;
const ASSETS = `discshelf-assets-${VERSION}`;
const SCAN_PAGES = ['/scan', '/fi/scan'];
const STATIC_PREFIX = '/_next/static/';

/** Fetches a scanner page, keeps it, and keeps every build file its HTML names. */
async function keepScanPage(path) {
  const res = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) return;
  const pages = await caches.open(PAGES);
  await pages.put(path, res.clone());
  const html = await res.text();
  const files = [...new Set(html.match(/\/_next\/static\/[^"'\s\\)]+/g) || [])];
  const assets = await caches.open(ASSETS);
  await Promise.all(
    files.map((file) =>
      assets.match(file).then((hit) => (hit ? undefined : assets.add(file).catch(() => undefined))),
    ),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all(SCAN_PAGES.map((path) => keepScanPage(path).catch(() => undefined))).then(() =>
      self.skipWaiting(),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('discshelf-') && name !== PAGES && name !== ASSETS)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** A scanner page: the network's answer (kept), or the kept copy without a connection. */
async function scanPage(request, path) {
  try {
    // Asked of the server (or revalidated against it), never answered stale from the HTTP cache.
    const res = await fetch(request, { cache: 'no-cache' });
    if (res.ok) {
      const copy = res.clone();
      caches.open(PAGES).then((pages) => pages.put(path, copy));
    }
    return res;
  } catch (error) {
    const kept = await caches.match(path, { cacheName: PAGES });
    if (kept) return kept;
    throw error;
  }
}

/** A build file: the kept copy, or the network's answer (kept). */
async function buildFile(request) {
  const kept = await caches.match(request, { cacheName: ASSETS });
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok) {
    const copy = res.clone();
    caches.open(ASSETS).then((assets) => assets.put(request, copy));
  }
  return res;
}

// The scanner page names the build files it loaded after the page (components/scan/service-worker.ts keepLoadedFiles).
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const files = data.urls.filter((url) => {
    if (typeof url !== 'string') return false;
    const u = new URL(url);
    return u.origin === self.location.origin && u.pathname.startsWith(STATIC_PREFIX);
  });
  event.waitUntil(
    caches.open(ASSETS).then((assets) =>
      Promise.all(
        files.map((file) =>
          assets.match(file).then((hit) => (hit ? undefined : assets.add(file).catch(() => undefined))),
        ),
      ),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && SCAN_PAGES.includes(url.pathname)) {
    event.respondWith(scanPage(request, url.pathname));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(buildFile(request));
  }
});
