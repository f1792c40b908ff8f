/**
 * Enough of the browser's Cache Storage for a test (jsdom has none): named caches of
 * answers by URL, as the service worker (web/public/sw.js) and `src/lib/offline.ts` use it.
 * `names()` says which caches exist, `urls(name)` what one holds.
 */
export function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const url = (key: RequestInfo | URL) => new URL(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url, 'http://localhost').href
  const cache = (store: Map<string, Response>) => ({
    put: async (key: RequestInfo | URL, response: Response) => void store.set(url(key), response),
    add: async () => undefined,
    match: async (key: RequestInfo | URL) => store.get(url(key))?.clone(),
    delete: async (key: RequestInfo | URL) => store.delete(url(key)),
    keys: async () => [...store.keys()].map((kept) => new Request(kept)),
  })
  const open = (name: string) => {
    let store = stores.get(name)
    if (!store) {
      store = new Map()
      stores.set(name, store)
    }
    return cache(store)
  }
  const storage = {
    open: async (name: string) => open(name),
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
    match: async (key: RequestInfo | URL, options?: { cacheName?: string }) => {
      for (const [name, store] of stores) {
        if (options?.cacheName && options.cacheName !== name) continue
        const kept = store.get(url(key))
        if (kept) return kept.clone()
      }
      return undefined
    },
  }
  return {
    storage,
    names: () => [...stores.keys()],
    urls: (name: string) => [...(stores.get(name)?.keys() ?? [])],
  }
}
