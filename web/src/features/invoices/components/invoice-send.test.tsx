import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Invoice } from '../api/invoices'
import { InvoiceSend } from './invoice-send'

afterEach(() => vi.unstubAllGlobals())

const invoice = {
  id: 'inv-1',
  job_id: 'job-1',
  kind: 'invoice',
  number: '2026-0007',
  basis: { customer: { kind: 'business', name: 'Kari', company: 'Byggmester Hansen AS', email: 'kari@hansen.no' } },
} as unknown as Invoice

function server(send = { status: 200, body: {} as unknown }) {
  return answerApi(({ method }) => (method === 'GET' ? { status: 200, body: [] } : send))
}

function renderSend(mail: boolean, inbox: string | null) {
  return renderWithProviders(
    <MemoryRouter>
      <InvoiceSend invoice={invoice} mail={mail} inbox={inbox} />
    </MemoryRouter>,
  )
}

describe('InvoiceSend', () => {
  it('promises no e-mail when the server has none, and offers the PDF and the documents link instead', async () => {
    const sent = server()
    renderSend(false, 'bilag@regnskap.no')
    expect(await screen.findByText(/E-post er ikke satt opp på serveren/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull()
    expect(sent.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('asks first, saying to whom and with what, then sends to the customer', async () => {
    const user = userEvent.setup()
    const sent = server({ status: 200, body: { id: 's-1', recipient: 'customer', to_address: 'kari@hansen.no', attached: 'PDF og EHF', delivered: true, sent_by: 'Kari', sent_at: '2026-11-28T10:00:00Z' } })
    renderSend(true, null)
    await user.click(await screen.findByRole('button', { name: 'Send til kunden' }))
    expect(screen.getByRole('dialog', { name: 'Sende til kunden?' })).toHaveAccessibleDescription(/sendes til kari@hansen\.no med PDF og EHF og en ny lenke/)
    expect(screen.queryByRole('button', { name: 'Send til regnskapet' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Fakturaen er sendt')).toBeInTheDocument()
    expect(sent.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/invoices/inv-1/send', body: { to: 'customer' } }])
  })

  it('says when the mail server did not take it', async () => {
    const user = userEvent.setup()
    server({ status: 200, body: { id: 's-1', recipient: 'accounting', to_address: 'bilag@regnskap.no', attached: 'PDF og EHF', delivered: false, error: 'E-posttjeneren tok ikke imot e-posten. Prøv igjen om litt.', sent_by: 'Kari', sent_at: '2026-11-28T10:00:00Z' } })
    renderSend(true, 'bilag@regnskap.no')
    await user.click(await screen.findByRole('button', { name: 'Send til regnskapet' }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Fakturaen ble ikke sendt')).toBeInTheDocument()
    expect(screen.getByText('E-posttjeneren tok ikke imot e-posten. Prøv igjen om litt.')).toBeInTheDocument()
  })
})
