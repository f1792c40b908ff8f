// The service worker of the montør's screens (issue #59; docs/ARCHITECTURE.md, "Offline").
// It lets "Mine oppdrag" start and show today's jobs without a network:
//
// - the page's shell (/admin/mine-oppdrag) and the fingerprinted files it loads are kept
//   in SHELL: the shell is answered from the network when there is one, else from SHELL;
//   /assets/ files never change under their name and are answered from SHELL first;
// - the signed-in person's own jobs of today and their week (/api/admin/work/today and
//   /api/admin/work/week without a user_id) are kept in DATA, answered from the network
//   when there is one, else from DATA.
//
// Nothing else is kept: no other admin page, no other API answer, no other person's data.
// Signing out sends "clear", which empties DATA. Entries made offline are not the worker's:
// the page queues them in IndexedDB and sends them itself (src/features/jobs/outbox.ts).
const SHELL = 'fagfolk-shell-v1'
const DATA = 'fagfolk-data-v1'
const START = '/admin/mine-oppdrag'
const OWN_DATA = ['/api/admin/work/today', '/api/admin/work/week']

/** The shell and every script, style and font it names, fetched and kept together. */
async function keepShell() {
  const response = await fetch(START, { credentials: 'same-origin', cache: 'no-store' })
  if (!response.ok) return
  const html = await response.clone().text()
  const files = [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|theme-init\.js|favicon\.svg))"/g)].map((match) => match[1])
  const cache = await caches.open(SHELL)
  await Promise.all([...new Set(files)].map((file) => cache.add(file).catch(() => undefined)))
  await cache.put(START, response)
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL && name !== DATA).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('message', (event) => {
  if (event.data === 'clear') event.waitUntil(caches.delete(DATA))
})

/** The network's answer, kept in `cacheName` under `key`; the kept one when there is no network. */
async function networkFirst(request, cacheName, key) {
  try {
    const response = await fetch(request)
    if (response.ok) {
      const cache = await caches.open(cacheName)
      await cache.put(key, response.clone())
    }
    return response
  } catch (error) {
    const kept = await caches.match(key, { cacheName })
    if (kept) return kept
    throw error
  }
}

async function keptFirst(request) {
  const kept = await caches.match(request, { cacheName: SHELL })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) {
    const cache = await caches.open(SHELL)
    await cache.put(request, response.clone())
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  if (request.mode === 'navigate') {
    if (url.pathname === START) event.respondWith(networkFirst(request, SHELL, START))
    return
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/theme-init.js' || url.pathname === '/favicon.svg') {
    event.respondWith(keptFirst(request))
    return
  }
  if (OWN_DATA.includes(url.pathname) && !url.searchParams.has('user_id')) {
    event.respondWith(networkFirst(request, DATA, url.pathname + url.search))
  }
})
