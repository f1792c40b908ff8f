import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Quote } from '../api/quotes'
import { QuoteEditor } from './quote-editor'
import type { CatalogueItem } from './quote-lines'

afterEach(() => vi.unstubAllGlobals())

const quote: Quote = {
  id: 'q-1',
  number: '2026-0042',
  version: 1,
  status: 'draft',
  customer_kind: 'private',
  customer_name: 'Per Hansen',
  customer_email: 'per@example.no',
  angrerett: false,
  price_type: 'fixed',
  reservation: false,
  intro: 'Takk for befaringen.',
  terms: 'Betaling 14 dager netto.',
  valid_until: '2026-12-31',
  lines: [],
  net_total: 0,
  vat_total: 0,
  total: 0,
  owner_name: 'Kari Kontor',
  created_at: '2026-11-28T08:00:00Z',
  updated_at: '2026-11-28T08:00:00Z',
}
const catalogue: CatalogueItem[] = [{ id: 's-1', name: 'Nytt sikringsskap', price_from: 18_900 }]
/** The editor saves 0.7 s after typing pauses. */
const saving = { timeout: 5000 }

describe('QuoteEditor', () => {
  it('saves what was typed once typing pauses, with a catalogue line in øre less MVA', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: quote }))
    renderWithProviders(<QuoteEditor quote={quote} firm="Rør & Strøm Oslo AS" catalogue={catalogue} />)
    await user.click(screen.getByLabelText('Bedrift'))
    await user.type(screen.getByLabelText('Firma'), 'Hansen Eiendom AS')
    await user.selectOptions(screen.getByLabelText('Fra tjenestekatalogen'), 's-1')
    expect(screen.getByLabelText('Enhetspris (kr)')).toHaveValue('15120,00')
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), '2')
    // A slow machine may save a moment of typing first: the last save has it all.
    await vi.waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ lines: [{ quantity: 200 }] }), saving)
    expect(await screen.findByText(/^Utkastet er lagret/, undefined, saving)).toBeInTheDocument()
    expect(sent.every((call) => call.method === 'PUT' && call.path === '/api/admin/quotes/q-1')).toBe(true)
    expect(sent.at(-1)?.body).toEqual({
      customer_name: 'Per Hansen',
      customer_company: 'Hansen Eiendom AS',
      customer_email: 'per@example.no',
      customer_phone: '',
      customer_address: '',
      customer_kind: 'business',
      org_nr: '',
      angrerett: false,
      price_type: 'fixed',
      reservation: false,
      intro: 'Takk for befaringen.',
      terms: 'Betaling 14 dager netto.',
      valid_until: '2026-12-31',
      lines: [{ service_id: 's-1', description: 'Nytt sikringsskap', quantity: 200, unit: 'stk', unit_price: 1_512_000, vat: 25 }],
    })
  })

  it('marks a quantity it cannot read, says the draft is not saved, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: quote }))
    renderWithProviders(<QuoteEditor quote={quote} firm="Rør & Strøm Oslo AS" catalogue={catalogue} />)
    await user.click(screen.getByRole('button', { name: 'Fri linje' }))
    await user.clear(screen.getByLabelText('Antall'))
    await user.type(screen.getByLabelText('Antall'), 'to timer')
    await user.type(screen.getByLabelText('Beskrivelse'), 'Feilsøking')
    expect(await screen.findByText('Ikke lagret: rett feltet som er merket.', undefined, saving)).toBeInTheDocument()
    expect(screen.getByLabelText('Antall')).toHaveAccessibleDescription('Skriv et antall, for eksempel 2,5.')
    // Only the new line's first moment (before the quantity was typed) may have been saved.
    expect(sent.filter((call) => JSON.stringify(call.body).includes('Feilsøking'))).toEqual([])
  })

  it("puts the server's message under its field, keeps what was typed and says the draft is not saved", async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { customer_email: 'Skriv en gyldig e-postadresse.' } } }))
    renderWithProviders(<QuoteEditor quote={quote} firm="Rør & Strøm Oslo AS" catalogue={catalogue} />)
    await user.clear(screen.getByLabelText('E-post'))
    await user.type(screen.getByLabelText('E-post'), 'per@')
    expect(await screen.findByText('Ikke lagret: Noen felt mangler eller er ugyldige.', undefined, saving)).toBeInTheDocument()
    expect(screen.getByLabelText('E-post')).toHaveAccessibleDescription('Skriv en gyldig e-postadresse.')
    expect(screen.getByLabelText('E-post')).toHaveValue('per@')
  })

  it('shows every field the server can refuse under that field, a line\'s too', async () => {
    const user = userEvent.setup()
    const fields = {
      org_nr: 'Kan ikke være lengre enn 20 tegn.',
      customer_phone: 'Kan ikke være lengre enn 40 tegn.',
      customer_address: 'Kan ikke være lengre enn 300 tegn.',
      intro: 'Kan ikke være lengre enn 5000 tegn.',
      terms: 'Kan ikke være lengre enn 10000 tegn.',
      'lines.0.unit': 'Velg en enhet i listen.',
      'lines.0.service_id': 'Tjenesten finnes ikke i listen.',
    }
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields } }))
    const business = { ...quote, customer_kind: 'business' as const, lines: [{ service_id: 's-9', description: '', quantity: 100, unit: 'stk' as const, unit_price: 100_00, vat: 25 }] }
    renderWithProviders(<QuoteEditor quote={business} firm="Rør & Strøm Oslo AS" catalogue={catalogue} />)
    await user.type(screen.getByLabelText('Telefon'), '9')
    expect(await screen.findByText('Ikke lagret: Noen felt mangler eller er ugyldige.', undefined, saving)).toBeInTheDocument()
    const under = { 'Org.nr.': fields.org_nr, Telefon: fields.customer_phone, Adresse: fields.customer_address, Innledning: fields.intro, Vilkår: fields.terms, Enhet: fields['lines.0.unit'], Beskrivelse: fields['lines.0.service_id'] }
    for (const [label, message] of Object.entries(under)) {
      expect(screen.getByLabelText(label), label).toHaveAccessibleDescription(message)
    }
  })
})
