import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test-render'
import { MonthHours } from './month-hours'

const workingTime = { day_minutes: 540, week_minutes: 2400, evening_from: 1080 }
const kari = { user_id: 'u1', name: 'Kari Montør', minutes: 9000, ordinary: 8400, overtime: 600, weekend: 240, evening: 90, extra: 0, days_without: ['2026-11-18'] }

/** The server's months: `approved` holds the months the office has approved; every call is kept. */
function server(approved: string[]) {
  const asked: { method: string; month: string | null }[] = []
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost'), init)
    const url = new URL(request.url)
    const body = request.method === 'POST' ? ((await request.json()) as { month: string }) : null
    const month = url.searchParams.get('month') ?? body?.month ?? null
    asked.push({ method: request.method, month })
    if (request.method === 'POST') {
      approved.push(month ?? '')
      return Response.json({ approved_at: '2026-12-07T09:00:00Z', approved_by: 'Demo' })
    }
    const sheet = {
      month,
      people: month === '2026-11' ? [kari] : [],
      working_time: workingTime,
      approved: approved.includes(month ?? '') ? { approved_at: '2026-12-07T09:00:00Z', approved_by: 'Demo' } : null,
    }
    return Response.json(sheet)
  })
  return asked
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-12-07T10:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('MonthHours', () => {
  it('opens on last month until it is approved, names the month in the question, and approves only when confirmed', async () => {
    const user = userEvent.setup()
    const asked = server([])
    renderWithProviders(<MonthHours />)
    expect(await screen.findByRole('heading', { name: 'Timer for november 2026' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Kari Montør' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Godkjenn november 2026' }))
    const dialog = await screen.findByRole('dialog', { name: 'Godkjenne timene for november 2026?' })
    expect(dialog).toHaveTextContent('kan ikke montørene føre eller endre timer i november 2026')
    // Nothing is destroyed: the confirm button is the primary colour, not the red one.
    const confirm = within(dialog).getByRole('button', { name: 'Godkjenn november 2026' })
    expect(confirm.className).not.toMatch(/destructive/)
    expect(asked.filter((call) => call.method === 'POST')).toEqual([])
    await user.click(confirm)
    expect(await screen.findByText(/Godkjent av Demo/)).toBeInTheDocument()
    expect(asked.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', month: '2026-11' }])
  })

  it('opens on this month once last month is approved', async () => {
    server(['2026-11'])
    renderWithProviders(<MonthHours />)
    expect(await screen.findByRole('heading', { name: 'Timer for desember 2026' })).toBeInTheDocument()
    expect(await screen.findByText('Ingen timer denne måneden.')).toBeInTheDocument()
  })
})
