// The service worker of the montør's screens (issue #59; docs/JOBS.md, "Offline").
// It lets "Mine oppdrag" start and show today's jobs without a network:
//
// - the page's shell (/admin/mine-oppdrag) and the fingerprinted files it loads are kept
//   in SHELL: the shell is answered from the network when there is one, else from SHELL;
//   /assets/ files never change under their name and are answered from SHELL first;
// - the signed-in person's own jobs of today, their week and their plan
//   (/api/admin/work/today, /api/admin/work/week without a user_id, /api/admin/plan/mine,
//   which is only ever one's own) are kept in DATA, answered from the network
//   when there is one, else from DATA. Each answer is kept under the person the page asked
//   for (the X-Fagfolk-User header, src/lib/api.ts) and only ever given back to a page that
//   asks for that same person: on a phone two montører share, one never sees the other's
//   customers (security review #74, finding 10). A request that names no one is left alone.
//
// Nothing else is kept: no other admin page, no other API answer. The page empties DATA
// whenever a session ends (sign-out, a 401, another person signing in: src/lib/offline.ts),
// and the worker does too when the server answers 401. Entries made offline are not the
// worker's: the page queues them in IndexedDB, under their owner, and sends them itself
// (src/features/jobs/outbox.tsx).
const SHELL = 'fagfolk-shell-v1'
// v1 kept the day under its address alone, whoever asked: `activate` deletes it.
const DATA = 'fagfolk-data-v2'
const START = '/admin/mine-oppdrag'
const OWN_DATA = ['/api/admin/work/today', '/api/admin/work/week', '/api/admin/plan/mine']
const USER_HEADER = 'X-Fagfolk-User'

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

/** `owner`'s own day: the network's answer, kept under `owner`; with no network, what was
 * kept for `owner` and no one else. A 401 (the session is over) forgets every kept day: one
 * browser has one session, so none of them is anyone's now. */
async function ownDay(request, owner, url) {
  const key = `/own/${encodeURIComponent(owner)}${url.pathname}${url.search}`
  try {
    const response = await fetch(request)
    if (response.ok) {
      const cache = await caches.open(DATA)
      await cache.put(key, response.clone())
    } else if (response.status === 401) {
      await caches.delete(DATA)
    }
    return response
  } catch (error) {
    const kept = await caches.match(key, { cacheName: DATA })
    if (kept) return kept
    throw error
  }
}

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
  const owner = request.headers.get(USER_HEADER)
  if (OWN_DATA.includes(url.pathname) && !url.searchParams.has('user_id') && owner) {
    event.respondWith(ownDay(request, owner, url))
  }
})
