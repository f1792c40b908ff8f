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
  invoicing: {
    account_number: '12345678903',
    vat_registered: true,
    payment_days: 14,
    kid: false,
    reminder_steps: 'purring_then_notice',
    reminder_fee: true,
    interest_rates: [{ from: '2025-07-01', percent_hundredths: 1225 }, { from: '2026-01-01', percent_hundredths: 1200 }],
  },
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

  it('shows the rates as Norwegians write them, adds the new half-year\'s, and sends the steps and fee chosen', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<InvoicingForm settings={settings} />)
    expect(screen.getAllByLabelText('Prosent i året').map((input) => (input as HTMLInputElement).value)).toEqual(['12,25', '12'])
    await user.click(screen.getByRole('button', { name: 'Legg til rente' }))
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText('Skriv datoen renten gjelder fra.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    const [from] = screen.getAllByLabelText('Gjelder fra').slice(-1)
    const [percent] = screen.getAllByLabelText('Prosent i året').slice(-1)
    await user.type(from!, '2026-07-01')
    await user.type(percent!, '12,25')
    await user.click(screen.getByRole('button', { name: 'Fjern renten fra 1. juli 2025' }))
    await user.selectOptions(screen.getByLabelText('Brev når en faktura ikke er betalt'), 'To purringer, så inkassovarsel')
    await user.click(screen.getByLabelText(/Ta purregebyr når loven tillater det/))
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({
      invoicing: {
        reminder_steps: 'two_purringer_then_notice',
        reminder_fee: false,
        interest_rates: [{ from: '2026-01-01', percent: '12' }, { from: '2026-07-01', percent: '12,25' }],
      },
    })
  })

  it('refuses two rates from one day, and shows the server\'s message for the rates', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { 'invoicing.interest_rates': 'Skriv renten i prosent, for eksempel 12,25 (høyst 30).' } },
    }))
    renderWithProviders(<InvoicingForm settings={settings} />)
    const [first] = screen.getAllByLabelText('Gjelder fra')
    await user.clear(first!)
    await user.type(first!, '2026-01-01')
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText('To renter kan ikke gjelde fra samme dag.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.clear(first!)
    await user.type(first!, '2025-07-01')
    await user.click(screen.getByRole('button', { name: 'Lagre fakturainnstillingene' }))
    expect(await screen.findByText('Skriv renten i prosent, for eksempel 12,25 (høyst 30).')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Forsinkelsesrente' })).toHaveAccessibleDescription('Skriv renten i prosent, for eksempel 12,25 (høyst 30).')
  })
})
