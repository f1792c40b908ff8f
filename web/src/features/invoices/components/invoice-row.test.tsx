import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Invoice } from '../api/invoices'
import { InvoiceRow } from './invoice-row'

afterEach(() => vi.unstubAllGlobals())

const invoice: Invoice = {
  id: 'inv-1',
  job_id: 'job-1',
  kind: 'invoice',
  number: '2026-0007',
  issue_date: '2026-11-30',
  due_date: '2026-12-14',
  reason: '',
  credited_lines: [],
  net_total: 2_400_000,
  vat_total: 600_000,
  total: 3_000_000,
  created_at: '2026-11-30T10:00:00Z',
  created_by: 'Kari Kontor',
  seller: { name: 'Rør & Strøm Oslo AS', kid: false, vat_registered: true },
  basis: {
    job_title: 'Nytt sikringsskap',
    price_type: 'fixed',
    customer: { kind: 'private', name: 'Per Hansen' },
    work: {
      title: 'Arbeid etter tilbud',
      note: '',
      net: 2_000_000,
      lines: [
        { description: 'Sikringsskap montert', quantity: 100, unit: 'stk', unit_price: 1_500_000, vat: 25 },
        { description: 'Kabling', quantity: 1000, unit: 'lm', unit_price: 50_000, vat: 25 },
      ],
    },
    additions: [{ title: 'Tilleggsarbeid 1', note: '', net: 400_000, lines: [{ description: 'Ekstra kurs', quantity: 100, unit: 'stk', unit_price: 400_000, vat: 25 }] }],
    totals: { net: 2_400_000, vat: 600_000, gross: 3_000_000 },
    vat_rates: [],
  },
}

function renderRow(row: Invoice = invoice) {
  return renderWithProviders(
    <MemoryRouter>
      <ul>
        <InvoiceRow invoice={row} onProblem={() => {}} />
      </ul>
    </MemoryRouter>,
  )
}

describe('InvoiceRow', () => {
  it('sends the ticked lines by their place on the invoice, and the reason, then clears the form', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { ...invoice, id: 'inv-2', kind: 'credit_note', number: '2026-0008' } }))
    renderRow()
    await user.click(screen.getByText('Krediter linjer'))
    await user.click(screen.getByLabelText(/Kabling/))
    await user.click(screen.getByLabelText(/Ekstra kurs/))
    await user.type(screen.getByLabelText('Hvorfor'), 'Kabling og ekstra kurs ble ikke utført.')
    await user.click(screen.getByRole('button', { name: 'Lag kreditnota' }))
    expect(await screen.findByText('Kreditnota 2026-0008 er laget')).toBeInTheDocument()
    expect(sent).toEqual([
      { method: 'POST', path: '/api/admin/invoices/inv-1/credit-notes', body: { lines: [1, 2], reason: 'Kabling og ekstra kurs ble ikke utført.' } },
    ])
    expect(screen.getByLabelText(/Kabling/)).not.toBeChecked()
    expect(screen.getByLabelText('Hvorfor')).toHaveValue('')
  })

  it('asks for a line and a reason, and sends nothing without them', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: invoice }))
    renderRow()
    await user.click(screen.getByText('Krediter linjer'))
    await user.type(screen.getByLabelText('Hvorfor'), '  ')
    await user.click(screen.getByRole('button', { name: 'Lag kreditnota' }))
    expect(await screen.findByText('Velg minst én linje fra fakturaen.')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Linjer som krediteres' })).toHaveAccessibleDescription('Velg minst én linje fra fakturaen.')
    expect(screen.getByLabelText('Hvorfor')).toHaveAccessibleDescription('Skriv hvorfor linjene krediteres.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the lines and keeps what was ticked and typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { lines: 'Linje 1 er kreditert allerede. Velg bare linjer som ikke er kreditert.' } },
    }))
    renderRow()
    await user.click(screen.getByText('Krediter linjer'))
    await user.click(screen.getByLabelText(/Sikringsskap montert/))
    await user.type(screen.getByLabelText('Hvorfor'), 'Feil skap')
    await user.click(screen.getByRole('button', { name: 'Lag kreditnota' }))
    expect(await screen.findByText('Linje 1 er kreditert allerede. Velg bare linjer som ikke er kreditert.')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Linjer som krediteres' })).toHaveAccessibleDescription('Linje 1 er kreditert allerede. Velg bare linjer som ikke er kreditert.')
    expect(screen.getByLabelText(/Sikringsskap montert/)).toBeChecked()
    expect(screen.getByLabelText('Hvorfor')).toHaveValue('Feil skap')
    expect(within(screen.getByRole('alert')).getByText('Kunne ikke lage kreditnotaen')).toBeInTheDocument()
  })

  it('offers no credit form on a credit note', () => {
    renderRow({ ...invoice, kind: 'credit_note', number: '2026-0008', reason: 'Feil skap' })
    expect(screen.getByRole('link', { name: 'Kreditnota 2026-0008' })).toHaveAttribute('href', `/admin/fakturaer/${invoice.id}`)
    expect(screen.getByText('Årsak: Feil skap')).toBeInTheDocument()
    expect(screen.queryByText('Krediter linjer')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Lag kreditnota' })).not.toBeInTheDocument()
  })
})
