import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { norwegianDay } from '@/lib/format'
import { answerApi, renderWithProviders } from '@/test-render'
import { PaymentForm } from './payment-form'

afterEach(() => vi.unstubAllGlobals())

describe('PaymentForm', () => {
  it('offers what is left, and sends the day, the amount in øre and the note', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'p-1' } }))
    renderWithProviders(<PaymentForm invoiceId="inv-1" outstanding={312_500} />)
    expect(screen.getByLabelText('Beløp (kr)')).toHaveValue('3125,00')
    await user.clear(screen.getByLabelText('Beløp (kr)'))
    await user.type(screen.getByLabelText('Beløp (kr)'), '1 250,50')
    await user.type(screen.getByLabelText('Notat (valgfritt)'), 'Vipps')
    await user.click(screen.getByRole('button', { name: 'Registrer' }))
    expect(await screen.findByText('Innbetalingen er registrert')).toBeInTheDocument()
    expect(sent).toEqual([{ method: 'POST', path: '/api/admin/invoices/inv-1/payments', body: { paid_on: norwegianDay(), amount: 125_050, note: 'Vipps' } }])
  })

  it('refuses an amount it cannot read and a day not in the calendar before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: {} }))
    renderWithProviders(<PaymentForm invoiceId="inv-1" outstanding={100} />)
    await user.clear(screen.getByLabelText('Beløp (kr)'))
    await user.type(screen.getByLabelText('Beløp (kr)'), 'tusen')
    await user.clear(screen.getByLabelText('Betalt'))
    await user.type(screen.getByLabelText('Betalt'), '31.02.2026')
    await user.click(screen.getByRole('button', { name: 'Registrer' }))
    expect(await screen.findByText('Skriv beløpet i kroner, for eksempel 1 250 eller 1 250,50.')).toBeInTheDocument()
    expect(screen.getByLabelText('Betalt')).toHaveAccessibleDescription('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the amount and keeps what was typed", async () => {
    const user = userEvent.setup()
    const message = 'Beløpet er større enn det som står igjen å betale (1 000,00 kr).'
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { amount: message } } }))
    renderWithProviders(<PaymentForm invoiceId="inv-1" outstanding={100_000} />)
    await user.clear(screen.getByLabelText('Beløp (kr)'))
    await user.type(screen.getByLabelText('Beløp (kr)'), '2000')
    await user.click(screen.getByRole('button', { name: 'Registrer' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText('Beløp (kr)')).toHaveAccessibleDescription(message)
    expect(screen.getByLabelText('Beløp (kr)')).toHaveValue('2000')
  })
})
