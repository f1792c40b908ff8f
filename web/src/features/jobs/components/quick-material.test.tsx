import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { WorkJob } from '../api/jobs'
import { QuickMaterial } from './quick-material'

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

const job: WorkJob = {
  id: 'job-1',
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
const catalogue = [{ id: 's-1', name: 'Jordfeilbryter 30 mA' }]
const line = { id: 'm-1', held: false, receipt: false }

describe('QuickMaterial', () => {
  it('sends what was used, how much and its unit, with no price and an id of its own, then empties the form', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: line }))
    renderWithProviders(<QuickMaterial job={job} catalogue={catalogue} owner="u1" />)
    await user.type(screen.getByLabelText('Hva brukte du'), 'Kabel PFSP 3G2,5')
    await user.click(screen.getByRole('button', { name: 'En mer' }))
    await user.click(screen.getByRole('button', { name: 'En mer' }))
    expect(screen.getByLabelText('Antall')).toHaveValue('3')
    await user.selectOptions(screen.getByLabelText('Enhet'), 'meter')
    await user.click(screen.getByRole('button', { name: 'Før materiell' }))
    expect(await screen.findByText('Ført 3 meter Kabel PFSP 3G2,5')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/jobs/job-1/materials',
      body: { description: 'Kabel PFSP 3G2,5', quantity: 300, unit: 'lm', unit_price: 0, vat: 25, service_id: null, extra: false, change_id: null },
    })
    expect((sent[0]?.body as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.getByLabelText('Hva brukte du')).toHaveValue('')
    expect(screen.getByLabelText('Antall')).toHaveValue('1')
  })

  it('names the catalogue service when its name is typed, whatever the case', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: line }))
    renderWithProviders(<QuickMaterial job={job} catalogue={catalogue} owner="u1" />)
    await user.type(screen.getByLabelText('Hva brukte du'), 'jordfeilbryter 30 ma ')
    await user.click(screen.getByRole('button', { name: 'Før materiell' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ service_id: 's-1', description: 'jordfeilbryter 30 ma', quantity: 100, unit: 'stk' })
  })

  it('says under each field what is missing or unreadable, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: line }))
    renderWithProviders(<QuickMaterial job={job} catalogue={catalogue} owner="u1" />)
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), 'to')
    await user.click(screen.getByRole('button', { name: 'Før materiell' }))
    expect(await screen.findByText('Skriv hva du brukte.')).toBeInTheDocument()
    expect(screen.getByLabelText('Hva brukte du')).toHaveAccessibleDescription('Skriv hva du brukte.')
    expect(screen.getByLabelText('Antall')).toHaveAccessibleDescription('Skriv antallet som et tall, for eksempel 2 eller 2,5.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under its field and keeps what was typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { quantity: 'Antallet må være mellom 0 og 1 000 000.' } } }))
    renderWithProviders(<QuickMaterial job={job} catalogue={catalogue} owner="u1" />)
    await user.type(screen.getByLabelText('Hva brukte du'), 'Strips')
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), '2000000')
    await user.click(screen.getByRole('button', { name: 'Før materiell' }))
    expect(await screen.findByText('Antallet må være mellom 0 og 1 000 000.')).toBeInTheDocument()
    expect(screen.getByLabelText('Antall')).toHaveAccessibleDescription('Antallet må være mellom 0 og 1 000 000.')
    expect(screen.getByLabelText('Antall')).toHaveValue('2000000')
    expect(screen.getByLabelText('Hva brukte du')).toHaveValue('Strips')
    expect(screen.getByRole('alert')).toHaveTextContent('Materiellet ble ikke ført')
  })

  it('lists the lines the montør entered here, and one made with no network as waiting until it is sent', async () => {
    const user = userEvent.setup()
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    const stored = { id: 'm-0', description: 'Jordfeilbryter 30 mA', quantity: 100, unit: 'stk' as const, created_at: '2026-11-26T08:00:00Z', held: true, receipt: true }
    renderWithProviders(<QuickMaterial job={{ ...job, materials: [stored] }} catalogue={catalogue} owner="u1" />)
    const mine = screen.getByRole('region', { name: 'Materiell du har ført her' })
    expect(within(mine).getByRole('listitem')).toHaveTextContent('1 stk Jordfeilbryter 30 mA (venter på kontoret) · med bilde')
    await user.type(screen.getByLabelText('Hva brukte du'), 'Koblingsboks')
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), '2,5')
    await user.click(screen.getByRole('button', { name: 'Før materiell' }))
    expect(await screen.findByText('Lagret på telefonen: 2,5 stk Koblingsboks')).toBeInTheDocument()
    await vi.waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(2))
    expect(within(mine).getAllByRole('listitem')[1]).toHaveTextContent('2,5 stk Koblingsboks venter på nett')
  })
})
