import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Settings } from '../api/settings'
import { InvoicingForm } from './invoicing-form'
import { exampleSettings } from './settings.fixture'

afterEach(() => vi.unstubAllGlobals())

const settings: Settings = {
  ...exampleSettings,
  orgnr: '923 456 783',
  invoicing: { account_number: '12345678903', vat_registered: true, payment_days: 14, kid: false },
}

describe('InvoicingForm', () => {
  it('shows the account as Norwegians write it and sends the company facts as saved beside it', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<InvoicingForm settings={settings} />)
    expect(screen.getByLabelText('Kontonummer')).toHaveValue('1234.56.78903')
    await user.clear(screen.getByLabelText('Betalingsfrist (dager)'))
    await user.type(screen.getByLabelText('Betalingsfrist (dager)'), '30')
    await user.click(screen.getByLabelText(/Skriv KID på fakturaene/))
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/settings',
      body: {
        company_name: 'Rør & Strøm Oslo AS',
        orgnr: '923 456 783',
        invoicing: { account_number: '1234.56.78903', payment_days: 30, vat_registered: true, kid: true, accounting_email: null },
      },
    })
  })

  it('refuses an account number without 11 digits before sending, and shows the server\'s check-digit message', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { 'invoicing.account_number': 'Skriv et kontonummer med 11 sifre, for eksempel 1234.56.78903 (kontrollsifferet stemmer ikke).' } },
    }))
    renderWithProviders(<InvoicingForm settings={settings} />)
    const account = screen.getByLabelText('Kontonummer')
    await user.clear(account)
    await user.type(account, '1234.56.789')
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText('Skriv et kontonummer med 11 sifre, for eksempel 1234.56.78903.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.type(account, '04')
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText(/kontrollsifferet stemmer ikke/)).toBeInTheDocument()
    expect(account).toHaveAttribute('aria-invalid', 'true')
    expect(account).toHaveValue('1234.56.78904')
  })

  it('sends the accounting inbox, refusing an address it cannot read and showing the server\'s message under it', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { 'invoicing.accounting_email': 'Skriv en gyldig e-postadresse.' } },
    }))
    renderWithProviders(<InvoicingForm settings={settings} />)
    const inbox = screen.getByLabelText('Regnskapssystemets e-post for bilag (valgfritt)')
    await user.type(inbox, 'bilag@')
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText('Skriv en gyldig e-postadresse, for eksempel bilag@firma.fiken.no.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.type(inbox, 'firma.fiken.no')
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText('Skriv en gyldig e-postadresse.')).toBeInTheDocument()
    expect(sent[0]?.body).toMatchObject({ invoicing: { accounting_email: 'bilag@firma.fiken.no' } })
    expect(inbox).toHaveAccessibleDescription(/Skriv en gyldig e-postadresse\./)
  })
})
