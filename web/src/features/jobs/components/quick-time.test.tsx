import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setRequestUser } from '@/lib/api'
import { answerApi, renderWithProviders } from '@/test-render'
import type { WorkJob } from '../api/jobs'
import { HeldNotices } from '../held-notices'
import { OutboxList, useOutbox } from '../outbox'
import { QuickTime } from './quick-time'

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
  setRequestUser(null)
})

const job: WorkJob = {
  id: '01a22000-0000-7000-8000-000000000001',
  title: 'Bytte sikringsskap',
  customer_name: 'Per Hansen',
  customer_phone: null,
  customer_address: null,
  status: 'in_progress',
  start_day: null,
  end_day: null,
  lines: [],
  changes: [],
  materials: [],
}

describe('QuickTime', () => {
  it('keeps an entry made with no network on the phone, shows it as waiting, and sends it once with its own id', async () => {
    const user = userEvent.setup()
    let online = false
    const sent: { body: unknown }[] = []
    vi.stubGlobal('fetch', async (request: Request) => {
      if (!online) throw new TypeError('Failed to fetch')
      // The phone asks whose the session is before it sends anything kept (`../outbox.tsx`).
      if (new URL(request.url).pathname === '/api/auth/session') {
        return new Response(JSON.stringify({ user: { id: 'u1' }, expires_at: '2026-11-29T00:00:00Z' }), { headers: { 'Content-Type': 'application/json' } })
      }
      const body: unknown = JSON.parse(await request.text())
      sent.push({ body })
      return new Response(JSON.stringify({ id: (body as { id: string }).id, held: false }), { status: 201, headers: { 'Content-Type': 'application/json' } })
    })
    // Signed in as u1, whose entries these are (the sign-in sets it: `../../auth`).
    setRequestUser('u1')
    function Phone() {
      const pending = useOutbox('u1')
      return (
        <>
          <OutboxList pending={pending} />
          <QuickTime job={job} day="2026-11-28" dayLabel="I dag" owner="u1" />
        </>
      )
    }
    renderWithProviders(<Phone />)

    await user.click(screen.getByRole('button', { name: '2 t' }))
    await user.click(screen.getByRole('button', { name: 'Før 2 t' }))
    expect(await screen.findByText('Lagret på telefonen: 2 t på Bytte sikringsskap')).toBeInTheDocument()
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument()
    expect(await screen.findByText('Venter på nett')).toBeInTheDocument()
    expect(screen.getByText('2 t på Bytte sikringsskap, i dag')).toBeInTheDocument()

    online = true
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.queryByText('Venter på nett')).not.toBeInTheDocument())
    expect(sent).toHaveLength(1)
    expect((sent[0]?.body as { id: string; minutes: number }).minutes).toBe(120)
    expect((sent[0]?.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives the next entry an id of its own', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'x' } }))
    renderWithProviders(<QuickTime job={job} day="2026-11-28" dayLabel="i dag" owner="u1" />)
    for (const length of ['1 t', '4 t']) {
      await user.click(screen.getByRole('button', { name: length }))
      await user.click(screen.getByRole('button', { name: `Før ${length}` }))
      expect(await screen.findByText(`Ført ${length} på Bytte sikringsskap`)).toBeInTheDocument()
    }
    const ids = sent.map((call) => (call.body as { id: string }).id)
    expect(ids).toHaveLength(2)
    expect(ids[0]).not.toEqual(ids[1])
  })

  it('keeps the word that hours past the estimate are saved until it is read, across a reload', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 201, body: { id: '01a22000-0000-7000-8000-0000000000aa', held: true } }))
    const first = renderWithProviders(
      <>
        <HeldNotices />
        <QuickTime job={job} day="2026-11-28" dayLabel="I dag" owner="u1" />
      </>,
    )
    await user.click(screen.getByRole('button', { name: '4 t' }))
    await user.click(screen.getByRole('button', { name: 'Før 4 t' }))
    expect(await screen.findByText('4 t på Bytte sikringsskap, i dag')).toBeInTheDocument()
    expect(screen.getByText(/Det du førte er lagret og telles med i timelisten din/)).toBeInTheDocument()
    first.unmount()

    // A reload: the notice is still there, until "Lest".
    renderWithProviders(<HeldNotices />)
    expect(screen.getByText('4 t på Bytte sikringsskap, i dag')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Lest' }))
    expect(screen.queryByText('4 t på Bytte sikringsskap, i dag')).not.toBeInTheDocument()
    expect(window.localStorage.getItem('fagfolk.heldNotices')).toBeNull()
  })

  it('sends when the work began, typed the short way, and says a wrong time before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'x', held: false } }))
    renderWithProviders(<QuickTime job={job} day="2026-11-28" dayLabel="i dag" owner="u1" />)
    await user.click(screen.getByRole('button', { name: '2 t' }))
    await user.click(screen.getByText('Mer: fra kl., linje, merknad, tilleggsarbeid'))
    await user.type(screen.getByLabelText('Fra kl. (valgfritt)'), '7:75')
    await user.click(screen.getByRole('button', { name: 'Før 2 t' }))
    expect(await screen.findByText('Skriv når arbeidet begynte som tt:mm, for eksempel 07:30.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    expect(screen.getByLabelText('Fra kl. (valgfritt)')).toHaveValue('7:75')
    await user.clear(screen.getByLabelText('Fra kl. (valgfritt)'))
    await user.type(screen.getByLabelText('Fra kl. (valgfritt)'), '18.30')
    await user.click(screen.getByRole('button', { name: 'Før 2 t' }))
    expect(await screen.findByText('Ført 2 t på Bytte sikringsskap')).toBeInTheDocument()
    expect((sent[0]?.body as { starts_at: string | null }).starts_at).toBe('18:30')
    // The next entry starts with no time.
    expect(screen.getByLabelText('Fra kl. (valgfritt)')).toHaveValue('')
  })
})
