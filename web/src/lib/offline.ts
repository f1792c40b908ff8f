/** The montør's screens offline (web/public/sw.js, docs/ARCHITECTURE.md "Offline"). */

/** The cache where the worker keeps the signed-in person's own jobs and week. */
const OWN_DATA = 'fagfolk-data-v1'

/** Registers the service worker for the admin's pages, where the browser has one. */
export function registerWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return
  navigator.serviceWorker.register('/sw.js', { scope: '/admin/' }).catch(() => {
    // Without it the screens work as before, online only.
  })
}

/** Forgets what the worker kept of the person signing out. */
export async function forgetOwnData(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage('clear')
  if ('caches' in window) await caches.delete(OWN_DATA).catch(() => false)
}
