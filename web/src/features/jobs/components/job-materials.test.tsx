import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { JobDetail } from '../api/jobs'
import { exampleJob } from './jobs.fixture'
import { type CatalogueService, JobMaterials } from './job-materials'

afterEach(() => vi.unstubAllGlobals())

type Quote = JobDetail['changes'][number]

const change: Quote = {
  id: 'q-change',
  number: '2026-0042-T1',
  status: 'sent',
  version: 1,
  customer_kind: 'private',
  customer_name: 'Per Hansen',
  angrerett: false,
  price_type: 'fixed',
  reservation: false,
  intro: '',
  terms: '',
  lines: [{ description: 'Ekstra kurs til varmepumpe', quantity: 100, unit: 'stk', unit_price: 400_000, vat: 25 }],
  net_total: 400_000,
  vat_total: 100_000,
  total: 500_000,
  owner_name: 'Kari Kontor',
  valid_until: '2026-12-31',
  created_at: '2026-11-25T08:00:00Z',
  updated_at: '2026-11-25T08:00:00Z',
}

const job: JobDetail = exampleJob({
  price_type: 'fixed',
  price_rule: 'fixed',
  changes: [change],
  meter: { billable: 2_000_000, budget: 2_000_000, extra_budget: 0, extra_used: 0, held: 0, needs_contact: false, over_estimate: false, used: 0 },
})

const catalogue: CatalogueService[] = [{ id: 's-1', name: 'Nytt sikringsskap', price_from: 18_900 }]

const submit = () => screen.getByRole('button', { name: 'Før materiell' })
// The section is named "Materiell" too, by its heading.
const what = () => screen.getByRole('textbox', { name: 'Materiell' })

describe('JobMaterials', () => {
  it('sends a typed line in hundredths and øre, tagged to its change order, then empties the form', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'm-1' } }))
    renderWithProviders(<JobMaterials job={job} />)
    await user.type(what(), 'Kabel PFSP 3G2,5')
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), '12,5')
    await user.selectOptions(screen.getByLabelText('Enhet'), 'lm')
    await user.type(screen.getByLabelText('Pris per enhet (kr uten MVA)'), '24,90')
    await user.selectOptions(screen.getByLabelText('Tilleggsarbeid'), 'Tilleggsarbeid 2026-0042-T1: Ekstra kurs til varmepumpe')
    await user.click(submit())
    await vi.waitFor(() => expect(what()).toHaveValue(''))
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/jobs/job-1/materials',
        body: { description: 'Kabel PFSP 3G2,5', quantity: 1250, unit: 'lm', unit_price: 2490, vat: 25, extra: true, change_id: 'q-change', service_id: null },
      },
    ])
  })

  it("takes a catalogue service's name and its price less MVA, and sends the service", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'm-2' } }))
    renderWithProviders(<JobMaterials job={job} catalogue={catalogue} />)
    await user.selectOptions(screen.getByLabelText('Fra tjenestekatalogen'), 's-1')
    expect(what()).toHaveValue('Nytt sikringsskap')
    expect(screen.getByLabelText('Pris per enhet (kr uten MVA)')).toHaveValue('15120,00')
    await user.selectOptions(screen.getByLabelText('Tilleggsarbeid'), 'Ja, ikke avtalt ennå')
    await user.click(submit())
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ description: 'Nytt sikringsskap', service_id: 's-1', unit_price: 1_512_000, quantity: 100, extra: true, change_id: null })
  })

  it('says under each field what is missing or unreadable, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'm-1' } }))
    renderWithProviders(<JobMaterials job={job} />)
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), '0')
    await user.type(screen.getByLabelText('Pris per enhet (kr uten MVA)'), 'gratis')
    await user.click(submit())
    expect(await screen.findByText('Skriv hva materialet er.')).toBeInTheDocument()
    expect(what()).toHaveAccessibleDescription('Skriv hva materialet er.')
    expect(screen.getByLabelText('Antall')).toHaveAccessibleDescription('Skriv antallet som et tall, for eksempel 2 eller 2,5.')
    expect(screen.getByLabelText('Pris per enhet (kr uten MVA)')).toHaveAccessibleDescription('Skriv prisen som et beløp, for eksempel 249 eller 249,50.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under its field and keeps the line as typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { unit_price: 'Enhetsprisen kan være høyst 100 millioner kroner.' } } }))
    renderWithProviders(<JobMaterials job={job} />)
    await user.type(what(), 'Varmepumpe')
    await user.type(screen.getByLabelText('Pris per enhet (kr uten MVA)'), '200000000')
    await user.click(submit())
    expect(await screen.findByText('Enhetsprisen kan være høyst 100 millioner kroner.')).toBeInTheDocument()
    expect(screen.getByLabelText('Pris per enhet (kr uten MVA)')).toHaveAccessibleDescription('Enhetsprisen kan være høyst 100 millioner kroner.')
    expect(screen.getByLabelText('Pris per enhet (kr uten MVA)')).toHaveValue('200000000')
    expect(what()).toHaveValue('Varmepumpe')
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke føre materiellet')
  })

  it('offers no form on a finished job', () => {
    renderWithProviders(<JobMaterials job={{ ...job, status: 'done' }} />)
    expect(screen.getByText('Oppdraget er ferdig. Materiell føres ikke lenger.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Materiell' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Før materiell' })).not.toBeInTheDocument()
  })
})
