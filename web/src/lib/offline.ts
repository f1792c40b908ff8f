/** The montør's screens offline (web/public/sw.js, docs/ARCHITECTURE.md "Offline"). */

/** The caches where the worker keeps the signed-in person's own jobs and week: v2 keeps
 * them per person; v1, from before, kept them for whoever asked. */
const OWN_DATA = ['fagfolk-data-v2', 'fagfolk-data-v1']

/** Registers the service worker for the admin's pages, where the browser has one. */
export function registerWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return
  navigator.serviceWorker.register('/sw.js', { scope: '/admin/' }).catch(() => {
    // Without it the screens work as before, online only.
  })
}

/** Forgets every day the worker kept, of anyone: called whenever a session ends, however
 * it ends (src/app/admin/admin-app.tsx). */
export async function forgetOwnData(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage('clear')
  if (typeof caches === 'undefined') return
  await Promise.all(OWN_DATA.map((name) => caches.delete(name).catch(() => false)))
}

/** Calls `then` whenever the browser says the network is back; gives what stops it (an
 * effect's clean-up). A query that failed offline is asked again then: react-query's own
 * reconnect only follows an "offline" it saw, and a page reloaded in a basement saw none. */
export function whenOnline(then: () => void): () => void {
  window.addEventListener('online', then)
  return () => window.removeEventListener('online', then)
}
