import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { monday } from '@/lib/days'
import { norwegianDay } from '@/lib/format'
import { type Language, LanguageProvider } from '@/lib/i18n'
import { norwegianIn, screenText } from '@/lib/i18n/norwegian'
import { renderWithProviders } from '@/test-render'
import { MyPlan } from './my-plan'

afterEach(() => vi.unstubAllGlobals())

const DATA = ['Bytte sikringsskap', 'Nytt bad', 'Per Hansen', 'Kari Berg', 'Bergveien 2, 0150 Oslo']

/** Two weeks of the signed-in person's plan from this week's Monday, two jobs today. */
function plan() {
  const from = monday(norwegianDay())
  const [year = 1970, month = 1, date = 1] = from.split('-').map(Number)
  const cells = Array.from({ length: 14 }, (_, index) => {
    const day = new Date(Date.UTC(year, month - 1, date + index)).toISOString().slice(0, 10)
    const plans =
      day === norwegianDay()
        ? [
            { id: 'p1', job_id: 'j1', user_id: 'u1', day, starts_at: 450, minutes: 240, sequence: 0, created_at: '', created_by: '', updated_at: '', job_title: 'Bytte sikringsskap', customer_name: 'Per Hansen', customer_address: null, after_end: false, lead_id: 'l1' },
            { id: 'p2', job_id: 'j2', user_id: 'u1', day, starts_at: null, minutes: null, sequence: 0, created_at: '', created_by: '', updated_at: '', job_title: 'Nytt bad', customer_name: 'Kari Berg', customer_address: 'Bergveien 2, 0150 Oslo', after_end: false, lead_id: 'l2' },
          ]
        : []
    return { day, plans, visits: [], absence: null, conflicts: [] }
  })
  return { days: cells.map((cell) => cell.day), day_minutes: 0, unplanned: [], people: [{ user_id: 'u1', name: 'Ole', cells }] }
}

/** Answers the plan when `online()` says so; else fails as a phone in a basement does. */
function network(online: () => boolean) {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (request: Request) => {
    asked.push(new URL(request.url).pathname)
    if (!online()) throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(plan()), { headers: { 'Content-Type': 'application/json' } })
  })
  return asked
}

function show(language: Language = 'nb') {
  return renderWithProviders(
    <LanguageProvider language={language}>
      <MyPlan />
    </LanguageProvider>,
  )
}

describe('MyPlan', () => {
  it("shows today's planned jobs with where and when", async () => {
    network(() => true)
    show()
    const today = await screen.findByText('I dag')
    const card = today.closest('[data-plan-today]') as HTMLElement
    expect(within(card).getByText('Bytte sikringsskap')).toBeInTheDocument()
    expect(within(card).getByText('Per Hansen · 07:30–11:30')).toBeInTheDocument()
    expect(within(card).getByText('Kari Berg · Hele dagen')).toBeInTheDocument()
    expect(screen.queryByText('Ingenting planlagt i dag.')).toBeNull()
  })

  it('says the plan could not be fetched rather than that nothing is planned, and fetches it when the network is back', async () => {
    let online = false
    const asked = network(() => online)
    show('pl')
    expect(await screen.findByText('Nie udało się pobrać planu. Zostanie pobrany, gdy znów będziesz mieć internet.')).toBeInTheDocument()
    expect(screen.queryByText('Na dziś nic nie zaplanowano.')).toBeNull()
    expect(asked.length).toBeGreaterThan(0)
    online = true
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('Bytte sikringsskap')).toBeInTheDocument()
    expect(screen.getByText('Kari Berg · Cały dzień')).toBeInTheDocument()
  })

  for (const language of ['pl', 'en'] as const) {
    it(`shows no Norwegian but the jobs' own data in ${language}`, async () => {
      network(() => true)
      const { container } = show(language)
      await screen.findByText('Bytte sikringsskap')
      const text = screenText(container, DATA)
      expect(norwegianIn(text), text).toBeNull()
    })
  }
})
