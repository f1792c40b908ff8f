import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Settings } from '../api/settings'
import { QuoteDefaultsForm } from './quote-defaults-form'
import { exampleSettings } from './settings.fixture'

afterEach(() => vi.unstubAllGlobals())

const settings: Settings = { ...exampleSettings, quote_defaults: { valid_days: 30, terms: 'Betaling 14 dager netto.' } }

describe('QuoteDefaultsForm', () => {
  it('sends the days and terms as typed, with the company facts as saved beside them', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<QuoteDefaultsForm settings={settings} />)
    expect(screen.getByLabelText('Gyldig i (dager)')).toHaveValue('30')
    await user.clear(screen.getByLabelText('Gyldig i (dager)'))
    await user.type(screen.getByLabelText('Gyldig i (dager)'), '45')
    await user.clear(screen.getByLabelText('Standardvilkår'))
    await user.type(screen.getByLabelText('Standardvilkår'), 'Prisene gjelder i 45 dager.')
    await user.click(screen.getByRole('button', { name: 'Lagre tilbudsstandard' }))
    expect(await screen.findByText('Nye tilbud starter med dette.')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/settings',
        body: expect.objectContaining({
          company_name: 'Rør & Strøm Oslo AS',
          orgnr: '912 345 678',
          quote_defaults: { valid_days: 45, terms: 'Prisene gjelder i 45 dager.' },
        }),
      },
    ])
  })

  it('refuses an empty or too long validity before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<QuoteDefaultsForm settings={settings} />)
    const days = screen.getByLabelText('Gyldig i (dager)')
    await user.clear(days)
    await user.click(screen.getByRole('button', { name: 'Lagre tilbudsstandard' }))
    expect(await screen.findByText('Skriv hvor mange dager et tilbud gjelder (1 til 365).')).toBeInTheDocument()
    expect(days).toHaveAccessibleDescription('Skriv hvor mange dager et tilbud gjelder (1 til 365).')
    await user.type(days, '366')
    await user.click(screen.getByRole('button', { name: 'Lagre tilbudsstandard' }))
    expect(days).toHaveAccessibleDescription('Skriv hvor mange dager et tilbud gjelder (1 til 365).')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the terms and keeps what was typed", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { 'quote_defaults.terms': 'Kan ikke være lengre enn 10000 tegn.' } },
    }))
    renderWithProviders(<QuoteDefaultsForm settings={settings} />)
    await user.clear(screen.getByLabelText('Gyldig i (dager)'))
    await user.type(screen.getByLabelText('Gyldig i (dager)'), '60')
    await user.type(screen.getByLabelText('Standardvilkår'), ' Forbehold om prisøkning.')
    await user.click(screen.getByRole('button', { name: 'Lagre tilbudsstandard' }))
    expect(await screen.findByText('Kan ikke være lengre enn 10000 tegn.')).toBeInTheDocument()
    expect(screen.getByLabelText('Standardvilkår')).toHaveAccessibleDescription('Kan ikke være lengre enn 10000 tegn.')
    expect(screen.getByLabelText('Standardvilkår')).toHaveValue('Betaling 14 dager netto. Forbehold om prisøkning.')
    expect(screen.getByLabelText('Gyldig i (dager)')).toHaveValue('60')
    expect(sent).toHaveLength(1)
  })
})
