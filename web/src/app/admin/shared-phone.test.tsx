import 'fake-indexeddb/auto'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { clear, createStore, entries } from 'idb-keyval'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastProvider } from '@/components/toast'
import type { Pending } from '@/features/jobs/outbox'
import { api } from '@/lib/api'
import { fakeCaches } from '@/test-caches'
import { AdminApp } from './admin-app'

// One phone, two montører (security review #74, finding 10): what the phone keeps of one
// (their jobs, their unsent entries) is never shown to the other nor sent in their name,
// and goes when their session ends, however it ends.

const ole = { id: '01a20000-0000-7000-8000-0000000000a1', email: 'ole@fagfolk.test', name: 'Ole', role: 'montor', language: 'nb' } as const
const per = { id: '01a20000-0000-7000-8000-0000000000b2', email: 'per@fagfolk.test', name: 'Per', role: 'montor', language: 'nb' } as const
type Person = typeof ole | typeof per
const expiresAt = () => new Date(Date.now() + 86_400_000).toISOString()

const job = (id: string, title: string, customer: string) => ({
  id,
  title,
  customer_name: customer,
  customer_phone: '912 34 567',
  customer_address: `${customer}s vei 1`,
  status: 'in_progress',
  start_day: null,
  end_day: null,
  lines: [],
  changes: [],
})
const jobs = {
  [ole.id]: job('01a22000-0000-7000-8000-000000000001', 'Sikringsskap i kjelleren', 'Kari Kjeller'),
  [per.id]: job('01a22000-0000-7000-8000-000000000002', 'Nytt bad', 'Lise Bad'),
} as Record<Person['id'], ReturnType<typeof job>>

/** The server as the phone meets it: one session cookie for the browser, whoever it is. */
function serve() {
  const server = { online: true, session: null as Person | null, posted: [] as { as: string; id: string }[] }
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  vi.stubGlobal('fetch', async (request: Request) => {
    if (!server.online) throw new TypeError('Failed to fetch')
    const path = new URL(request.url).pathname
    if (path === '/api/auth/session') return json(200, server.session ? { user: server.session, expires_at: expiresAt() } : { user: null, expires_at: null })
    if (path === '/api/auth/login') {
      const { email } = (await request.json()) as { email: string }
      const who = [ole, per].find((person) => person.email === email)
      if (!who) return json(401, { error: 'Feil e-post eller passord.' })
      server.session = who
      return json(200, { user: who, expires_at: expiresAt() })
    }
    if (path === '/api/auth/logout') {
      server.session = null
      return json(204)
    }
    const me = server.session
    if (!me) return json(401, { error: 'Du må logge inn.' })
    const mine = jobs[me.id]
    if (path === '/api/admin/work/today') return json(200, { jobs: [mine], catalogue: [], entries: [] })
    if (path === '/api/admin/work/week') {
      return json(200, { days: [0, 0, 0, 0, 0, 0, 0], entries: [], from: '2026-11-23', to: '2026-11-29', jobs: [mine], total_minutes: 0, user_id: me.id })
    }
    if (path === '/api/admin/time' && request.method === 'POST') {
      const body = (await request.json()) as { id: string }
      server.posted.push({ as: me.id, id: body.id })
      return json(201, { id: body.id, held: false })
    }
    return json(404, { error: 'Fant ikke.' })
  })
  return server
}

const outbox = createStore('fagfolk-outbox', 'pending')
let kept: ReturnType<typeof fakeCaches>

beforeEach(async () => {
  // What the service worker kept of Ole's day (web/public/sw.js).
  kept = fakeCaches()
  vi.stubGlobal('caches', kept.storage)
  await (await kept.storage.open('fagfolk-data-v1')).put('/api/admin/work/today', Response.json({ jobs: [jobs[ole.id]] }))
})

afterEach(async () => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
  await clear(outbox)
})

const keptDays = () => kept.names().filter((name) => name.startsWith('fagfolk-data'))

/** The phone, with `who` signed in on it (as the device remembers it) and on the server. */
async function phoneOf(server: ReturnType<typeof serve>, who: Person) {
  server.session = who
  window.localStorage.setItem('adminSession', JSON.stringify({ user: who, expiresAt: expiresAt() }))
  render(
    <ToastProvider>
      <MemoryRouter initialEntries={['/admin/mine-oppdrag']}>
        <AdminApp />
      </MemoryRouter>
    </ToastProvider>,
  )
  return card(jobs[who.id].title)
}

async function card(title: string) {
  const heading = await screen.findByRole('heading', { name: title })
  const item = heading.closest('li')
  if (!item) throw new Error(`${title}: no card`)
  return item
}

/** Two hours on `on`, with no network: kept on the phone. */
async function enterOffline(user: UserEvent, server: ReturnType<typeof serve>, on: HTMLElement) {
  server.online = false
  await user.click(within(on).getByRole('button', { name: '2 t' }))
  await user.click(within(on).getByRole('button', { name: 'Før 2 t' }))
  expect(await screen.findByText('Venter på nett')).toBeInTheDocument()
}

async function signIn(user: UserEvent, who: Person) {
  await user.type(await screen.findByLabelText('E-post'), who.email)
  await user.type(screen.getByLabelText('Passord'), 'lang og trygg setning 42')
  await user.click(screen.getByRole('button', { name: 'Logg inn' }))
}

async function waitedOut() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
}

async function onPhone(): Promise<Pending[]> {
  return (await entries<string, Pending>(outbox)).map(([, pending]) => pending)
}

describe('a phone shared by two montører', () => {
  it("a 401 empties the phone of A's jobs; B signing in next sees none of A's jobs or entries; A's entry is sent when A signs in again, in A's name", async () => {
    const user = userEvent.setup()
    const server = serve()
    const oles = await phoneOf(server, ole)
    expect(screen.getByText('Kari Kjeller')).toBeInTheDocument()
    await enterOffline(user, server, oles)

    // The office ends Ole's session: the next request is answered 401.
    server.online = true
    server.session = null
    await act(async () => void (await api.GET('/api/admin/work/today')))
    expect(await screen.findByText('Økten din er utløpt. Logg inn på nytt for å fortsette.')).toBeInTheDocument()
    await waitFor(() => expect(keptDays()).toEqual([]))
    expect(await onPhone()).toMatchObject([{ owner: ole.id, kind: 'time' }])

    // Per signs in on the same phone: his own jobs, nothing of Ole's.
    await signIn(user, per)
    expect(await screen.findByText('Lise Bad')).toBeInTheDocument()
    expect(screen.queryByText('Kari Kjeller')).not.toBeInTheDocument()
    expect(screen.queryByText('Sikringsskap i kjelleren')).not.toBeInTheDocument()
    expect(screen.queryByText('Venter på nett')).not.toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('online')))
    await waitedOut()
    expect(server.posted).toEqual([])

    // Per signs out, Ole signs in again: his entry is sent, once, in his name.
    await user.click(screen.getByRole('button', { name: 'Logg ut' }))
    await signIn(user, ole)
    expect(await screen.findByText('Kari Kjeller')).toBeInTheDocument()
    await waitFor(() => expect(server.posted).toEqual([{ as: ole.id, id: expect.any(String) as string }]))
    await waitFor(() => expect(screen.queryByText('Venter på nett')).not.toBeInTheDocument())
    await waitedOut()
    expect(server.posted).toHaveLength(1)
    expect(await onPhone()).toEqual([])
  })

  it("follows another tab that signed in as B: A's jobs and entries go from the screen, and nothing of A's is sent", async () => {
    const user = userEvent.setup()
    const server = serve()
    await enterOffline(user, server, await phoneOf(server, ole))

    // In another tab Ole's session ended and Per signed in: the browser's cookie and the
    // session it remembers are Per's now.
    server.online = true
    server.session = per
    window.localStorage.setItem('adminSession', JSON.stringify({ user: per, expiresAt: expiresAt() }))
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'adminSession' })))
    expect(await screen.findByText('Lise Bad')).toBeInTheDocument()
    expect(screen.queryByText('Kari Kjeller')).not.toBeInTheDocument()
    expect(screen.queryByText('Venter på nett')).not.toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('online')))
    await waitedOut()
    expect(server.posted).toEqual([])
    expect(await onPhone()).toMatchObject([{ owner: ole.id }])
  })

  it("never sends A's entry on a session that is not A's, even when the page still thinks A is signed in", async () => {
    const user = userEvent.setup()
    const server = serve()
    await enterOffline(user, server, await phoneOf(server, ole))

    // The cookie is Per's now (another tab), and this page heard nothing of it.
    server.online = true
    server.session = per
    act(() => void window.dispatchEvent(new Event('online')))
    await waitedOut()
    expect(server.posted).toEqual([])
    expect(await onPhone()).toMatchObject([{ owner: ole.id }])
  })

  it('"Logg ut" sends what is waiting first when there is a network', async () => {
    const user = userEvent.setup()
    const server = serve()
    await enterOffline(user, server, await phoneOf(server, ole))
    server.online = true
    await user.click(screen.getByRole('button', { name: 'Logg ut' }))
    expect(await screen.findByRole('heading', { name: 'Logg inn' })).toBeInTheDocument()
    expect(server.posted).toEqual([{ as: ole.id, id: expect.any(String) as string }])
    expect(await onPhone()).toEqual([])
  })

  it('"Logg ut" with entries not sent says so; signing out anyway keeps them on the phone for their owner alone', async () => {
    const user = userEvent.setup()
    const server = serve()
    await enterOffline(user, server, await phoneOf(server, ole))

    await user.click(screen.getByRole('button', { name: 'Logg ut' }))
    let dialog = await screen.findByRole('dialog', { name: 'Ikke sendt ennå' })
    expect(dialog).toHaveTextContent('Føringer som ikke er sendt: 1.')
    await user.click(within(dialog).getByRole('button', { name: 'Bli innlogget' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Venter på nett')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Logg ut' }))
    dialog = await screen.findByRole('dialog', { name: 'Ikke sendt ennå' })
    server.online = true
    await user.click(within(dialog).getByRole('button', { name: 'Logg ut likevel' }))
    expect(await screen.findByRole('heading', { name: 'Logg inn' })).toBeInTheDocument()
    expect(server.session).toBeNull()
    expect(server.posted).toEqual([])
    expect(keptDays()).toEqual([])
    expect(await onPhone()).toMatchObject([{ owner: ole.id, kind: 'time' }])
  })
})
