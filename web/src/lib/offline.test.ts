import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fakeCaches } from '@/test-caches'

// The service worker (web/public/sw.js) run as the browser runs it: its own `self`, its
// caches and the network, here a function the test answers for.
const source = readFileSync(path.join(import.meta.dirname, '..', '..', 'public', 'sw.js'), 'utf8')

type FetchEvent = { request: Request; respondWith: (answer: Promise<Response>) => void; waitUntil: (work: Promise<unknown>) => void }

function startWorker() {
  const handlers = new Map<string, (event: FetchEvent) => void>()
  const worker = {
    location: new URL('http://localhost/sw.js'),
    addEventListener: (type: string, handler: (event: FetchEvent) => void) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  }
  const caches = fakeCaches()
  let network: (request: Request) => Promise<Response> = async () => {
    throw new TypeError('Failed to fetch')
  }
  new Function('self', 'caches', 'fetch', source)(worker, caches.storage, (request: Request) => network(request))

  return {
    caches,
    /** From now on the network answers with `answer` (or is gone: `undefined`). */
    network(answer?: (request: Request) => Response) {
      network = async (request) => {
        if (!answer) throw new TypeError('Failed to fetch')
        return answer(request)
      }
    },
    /** `path` asked for by the page of `user`: the worker's answer, or `undefined` when it
     * leaves the request to the network. */
    async get(path: string, user?: string): Promise<Response | undefined> {
      const request = new Request(`http://localhost${path}`, { headers: user ? { 'X-Fagfolk-User': user } : {} })
      let answer: Promise<Response> | undefined
      handlers.get('fetch')?.({ request, respondWith: (given) => (answer = given), waitUntil: () => undefined })
      return answer
    },
  }
}

const jobsOf = (name: string) => () => Response.json({ jobs: [{ title: `${name}s oppdrag` }] })

describe('the service worker on a shared phone', () => {
  it("keeps each person's own day apart: with no network, B is never answered with A's jobs", async () => {
    const worker = startWorker()
    worker.network(jobsOf('Ole'))
    expect(await (await worker.get('/api/admin/work/today', 'user-a'))?.json()).toEqual({ jobs: [{ title: 'Oles oppdrag' }] })

    worker.network(undefined)
    // A, offline: their own day, from the phone.
    expect(await (await worker.get('/api/admin/work/today', 'user-a'))?.json()).toEqual({ jobs: [{ title: 'Oles oppdrag' }] })
    // B, offline on the same phone: nothing kept for them, so no answer at all.
    await expect(worker.get('/api/admin/work/today', 'user-b')).rejects.toThrow('Failed to fetch')
    await expect(worker.get('/api/admin/work/week?day=2026-11-27', 'user-b')).rejects.toThrow('Failed to fetch')
  })

  it('keeps nothing of a request that names no one, and never answers it from the phone', async () => {
    const worker = startWorker()
    worker.network(jobsOf('Ole'))
    await worker.get('/api/admin/work/today', 'user-a')
    expect(await worker.get('/api/admin/work/today')).toBeUndefined()
    expect(await worker.get('/api/admin/work/week?user_id=user-a', 'user-b')).toBeUndefined()
  })

  it("forgets every kept day when the server says the session is over (401)", async () => {
    const worker = startWorker()
    worker.network(jobsOf('Ole'))
    await worker.get('/api/admin/work/today', 'user-a')
    await worker.get('/api/admin/work/week?day=2026-11-27', 'user-a')
    expect(worker.caches.names().some((name) => name.startsWith('fagfolk-data'))).toBe(true)

    worker.network(() => Response.json({ error: 'Ikke innlogget' }, { status: 401 }))
    expect((await worker.get('/api/admin/work/today', 'user-a'))?.status).toBe(401)
    expect(worker.caches.names().filter((name) => name.startsWith('fagfolk-data'))).toEqual([])
    worker.network(undefined)
    await expect(worker.get('/api/admin/work/week?day=2026-11-27', 'user-a')).rejects.toThrow('Failed to fetch')
  })
})
