import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Settings } from '../api/settings'
import { CompanyFactsForm } from './company-facts-form'

afterEach(() => vi.unstubAllGlobals())

const settings: Settings = {
  company_name: 'Fagfolk AS',
  orgnr: '923 456 789',
  adresse: 'Økernveien 94, 0579 Oslo',
  email: 'post@fagfolk.no',
  global_phone_primary: '22 33 44 55',
  global_phone_extra: ['908 12 345'],
  founded_year: 2004,
  claims: { on_call: true, leak_within_hour: true, binding_price: true, warranty_years: 5, free_visit: true, confirmed: false },
  logo: null,
  quote_defaults: { valid_days: 30, terms: '' },
  visit_days: { days_ahead: 14, weekdays: [1, 2, 3, 4, 5] },
  invoicing: { account_number: null, vat_registered: true, payment_days: 14, kid: false, accounting_email: null },
  declaration_defaults: { registration: null, norms: 'NEK 400:2022', risk: [], checks: [] },
  working_time: { day_minutes: 540, week_minutes: 2400, evening_from: 1080 },
  lead_pipeline: [],
  server: { public_url: 'https://fagfolk.test', https: true, notify_to: null },
}

describe('CompanyFactsForm', () => {
  it('puts the server\'s message under its field and keeps what was typed', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { email: 'Skriv en gyldig e-postadresse.' } },
    }))
    renderWithProviders(<CompanyFactsForm settings={settings} />)
    expect(screen.getByLabelText('Firmanavn')).toHaveValue('Fagfolk AS')
    expect(screen.getByLabelText('Ekstra telefoner (kommaseparert)')).toHaveValue('908 12 345')
    expect(screen.getByLabelText('Grunnlagt (årstall)')).toHaveValue('2004')

    await user.clear(screen.getByLabelText('Firmanavn'))
    await user.type(screen.getByLabelText('Firmanavn'), 'Rør & Strøm Oslo AS')
    await user.clear(screen.getByLabelText('E-post (vises på nettstedet)'))
    await user.type(screen.getByLabelText('E-post (vises på nettstedet)'), 'post@')
    await user.type(screen.getByLabelText('Ekstra telefoner (kommaseparert)'), ', 913 23 121')
    await user.click(screen.getByRole('button', { name: 'Lagre' }))

    expect(await screen.findByText('Skriv en gyldig e-postadresse.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-post (vises på nettstedet)')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-post (vises på nettstedet)')).toHaveValue('post@')
    expect(screen.getByLabelText('Firmanavn')).toHaveValue('Rør & Strøm Oslo AS')
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/settings',
      body: {
        company_name: 'Rør & Strøm Oslo AS',
        email: 'post@',
        global_phone_extra: ['908 12 345', '913 23 121'],
        founded_year: 2004,
      },
    })
  })

  it('says a founding year must be four digits, and sends an empty one as none', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: { ...settings, founded_year: null } }))
    renderWithProviders(<CompanyFactsForm settings={settings} />)
    const year = screen.getByLabelText('Grunnlagt (årstall)')
    await user.clear(year)
    await user.type(year, '04')
    await user.click(screen.getByRole('button', { name: 'Lagre' }))
    expect(await screen.findByText('Skriv et årstall med fire sifre, eller la feltet stå tomt.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.clear(year)
    await user.click(screen.getByRole('button', { name: 'Lagre' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ founded_year: null })
  })
})
