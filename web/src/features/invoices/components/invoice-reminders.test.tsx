import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { InvoiceReminders as Reminders, Letter } from '../api/reminders'
import { InvoiceReminders } from './invoice-reminders'

afterEach(() => vi.unstubAllGlobals())

const purring: Letter = {
  kind: 'purring',
  sent_on: '2026-11-28',
  pay_by: '2026-12-12',
  due_date: '2026-11-10',
  total: 2_650_317,
  credited: 0,
  paid: 100_000,
  earlier_fees: 0,
  fee: 0,
  no_fee: 'Uten gebyr: det kan først kreves 14 dager etter forfall, fra 24. november 2026 (inkassoforskriften § 1-2).',
  interest: { amount: 15_690, from: '2026-11-11', to: '2026-11-28', rate: 1200, missing_rate_from: '2026-11-11' },
  amount_due: 2_566_007,
}

function server(reminders: Reminders, post = { status: 201, body: {} as unknown }) {
  return answerApi(({ method }) => (method === 'GET' ? { status: 200, body: reminders } : post))
}

function renderReminders() {
  return renderWithProviders(
    <MemoryRouter>
      <InvoiceReminders invoiceId="inv-1" />
    </MemoryRouter>,
  )
}

describe('InvoiceReminders', () => {
  it('shows the next letter as it will read, why it has no fee and a missing rate, and posts it with its PDF', async () => {
    const user = userEvent.setup()
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const sent = server(
      { next: purring, not_now: null, can_email: false, sent: [] },
      { status: 201, body: { ...purring, id: 'rem-1', invoice_id: 'inv-1', channel: 'post', to_address: 'Byggmester Hansen AS', sent_by: 'Kari', sent_at: '2026-11-28T10:00:00Z' } },
    )
    renderReminders()
    expect(await screen.findByText('Purring')).toBeInTheDocument()
    expect(screen.getByText('Innbetalt').nextSibling).toHaveTextContent('-1 000,00 kr')
    expect(screen.getByText('Forsinkelsesrente 11. november 2026–28. november 2026')).toBeInTheDocument()
    expect(screen.getByText('Å betale').nextSibling).toHaveTextContent('25 660,07 kr')
    expect(screen.getByText(/det kan først kreves 14 dager etter forfall/)).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent('Ingen forsinkelsesrente er lagt inn fra 11. november 2026')
    expect(screen.queryByRole('button', { name: /på e-post/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Send i posten (last ned PDF)' }))
    // Asked first: what the letter claims, by when, its fee; nothing sent until confirmed.
    const asked = await screen.findByRole('dialog', { name: 'Registrere purring som sendt i posten?' })
    expect(asked).toHaveTextContent('Purring krever 25 660,07 kr innen')
    expect(sent.filter((call) => call.method === 'POST')).toEqual([])
    await user.click(within(asked).getByRole('button', { name: 'Registrer og last ned' }))
    expect(await screen.findByText('Purring er registrert som sendt i posten')).toBeInTheDocument()
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/invoices/inv-1/reminders', body: { kind: 'purring', channel: 'post' } },
    ])
    expect(assign).toHaveBeenCalledWith('/api/admin/reminders/rem-1/pdf')
  })

  it('says why no letter may go, and lists those sent with their PDF', async () => {
    server({
      next: null,
      not_now: 'Fristen i forrige brev går ut 12. desember 2026. Neste brev kan sendes dagen etter.',
      can_email: true,
      sent: [
        { ...purring, fee: 3_750, id: 'rem-1', invoice_id: 'inv-1', channel: 'email', to_address: 'kari@hansen.no', sent_by: 'Kari', sent_at: '2026-11-28T10:00:00Z', waived: false },
        { ...purring, sent_on: '2026-11-29', fee: 3_750, id: 'rem-2', invoice_id: 'inv-1', channel: 'post', to_address: 'Storgata 1', sent_by: 'Kari', sent_at: '2026-11-29T10:00:00Z', waived: true },
      ],
    })
    renderReminders()
    expect(await screen.findByText(/Fristen i forrige brev går ut 12\. desember 2026/)).toBeInTheDocument()
    const [letter, waived] = screen.getAllByRole('listitem')
    expect(letter).toHaveTextContent('Purring 28. november 2026 på e-post til kari@hansen.no, 25 660,07 kr innen 12. desember 2026 (gebyr 37,50 kr)')
    // A letter sent after the invoice was paid charges nothing (inkassoforskriften § 1-2).
    expect(waived).toHaveTextContent('(sendt etter at fakturaen var betalt: gebyr og renter kreves ikke)')
    expect(waived).not.toHaveTextContent('gebyr 37,50 kr')
    expect(screen.getByRole('link', { name: 'PDF av purring 28. november 2026' })).toHaveAttribute('href', '/api/admin/reminders/rem-1/pdf')
  })

  it('offers e-mail when it can, and says so when the mail server refused', async () => {
    const user = userEvent.setup()
    server(
      { next: { ...purring, kind: 'notice', fee: 3_750, no_fee: null }, not_now: null, can_email: true, sent: [] },
      { status: 409, body: { error: 'E-posttjeneren tok ikke imot e-posten, og purringen ble ikke sendt. Prøv igjen om litt.' } },
    )
    renderReminders()
    expect(await screen.findByText(/sendes til inkasso om det ikke betales innen fristen/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send inkassovarsel på e-post' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Sende inkassovarsel på e-post?' })).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Inkassovarsel ble ikke sendt')).toBeInTheDocument()
    expect(screen.getByText(/E-posttjeneren tok ikke imot e-posten/)).toBeInTheDocument()
  })
})
