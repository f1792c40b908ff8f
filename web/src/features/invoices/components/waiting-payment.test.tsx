import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Payment } from '../api/payments'
import { WaitingPayment } from './waiting-payment'

afterEach(() => vi.unstubAllGlobals())

const overpaid: Payment = {
  id: 'p-1',
  invoice_id: null,
  invoice_number: null,
  amount: 320_000,
  paid_on: '2026-11-27',
  source: 'bank',
  status: 'open',
  waiting: 'overpaid',
  suggested: '2026-0007',
  bank_ref: '50001',
  kid: '202600075',
  message: '',
  payer: 'Byggmester Hansen AS',
  note: '',
  created_by: 'Kari Kontor',
  created_at: '2026-11-28T08:00:00Z',
}

function renderWaiting(payment: Payment = overpaid) {
  return renderWithProviders(
    <ul>
      <WaitingPayment payment={payment} />
    </ul>,
  )
}

describe('WaitingPayment', () => {
  it('says why it waits, offers the invoice it names, and books it there', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: { ...overpaid, status: 'matched' } }))
    renderWaiting()
    expect(screen.getByText('Mer enn det som står igjen på faktura 2026-0007')).toBeInTheDocument()
    expect(screen.getByLabelText('Fakturanummer')).toHaveValue('2026-0007')
    await user.click(screen.getByRole('button', { name: 'Før på faktura' }))
    expect(await screen.findByText('Innbetalingen er ført på faktura 2026-0007')).toBeInTheDocument()
    expect(sent).toEqual([{ method: 'POST', path: '/api/admin/payments/p-1/match', body: { invoice: '2026-0007' } }])
  })

  it('puts the server\'s message under the invoice number and keeps what was typed', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { invoice: 'Fant ingen faktura med det nummeret.' } } }))
    renderWaiting({ ...overpaid, waiting: 'unknown', suggested: null })
    await user.type(screen.getByLabelText('Fakturanummer'), '2026-9999')
    await user.click(screen.getByRole('button', { name: 'Før på faktura' }))
    expect(await screen.findByText('Fant ingen faktura med det nummeret.')).toBeInTheDocument()
    expect(screen.getByLabelText('Fakturanummer')).toHaveAccessibleDescription('Fant ingen faktura med det nummeret.')
    expect(screen.getByLabelText('Fakturanummer')).toHaveValue('2026-9999')
  })

  it('sets it aside only with a note saying what it is', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: { ...overpaid, status: 'set_aside' } }))
    renderWaiting()
    const aside = screen.getByRole('form', { name: /til side/ })
    await user.click(within(aside).getByRole('button', { name: 'Ikke en fakturabetaling' }))
    expect(await screen.findByText('Skriv hva innbetalingen er, for eksempel «Tilbakebetaling fra leverandør».')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.type(screen.getByLabelText('Hva er den?'), 'Tilbakebetaling fra leverandør')
    await user.click(within(aside).getByRole('button', { name: 'Ikke en fakturabetaling' }))
    expect(await screen.findByText('Innbetalingen er satt til side')).toBeInTheDocument()
    expect(sent).toEqual([{ method: 'POST', path: '/api/admin/payments/p-1/set-aside', body: { note: 'Tilbakebetaling fra leverandør' } }])
  })
})
