import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { ChangeAgreement } from './change-agreement'

afterEach(() => vi.unstubAllGlobals())

const agreedQuote = { id: 'q-7', status: 'accepted' }

describe('ChangeAgreement', () => {
  it('sends who agreed on the phone, when and what they said yes to', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: agreedQuote }))
    renderWithProviders(<ChangeAgreement quoteId="q-7" />)
    expect(screen.getByLabelText('Hvordan')).toHaveValue('phone')
    await user.type(screen.getByLabelText('Hvem du snakket med'), 'Per Hansen')
    await user.clear(screen.getByLabelText('Når'))
    await user.type(screen.getByLabelText('Når'), '2026-11-28T14:30')
    await user.type(screen.getByLabelText('Hva kunden sa ja til'), 'Ja til ekstra stikkontakt på badet, 2 400 kr.')
    await user.click(screen.getByRole('button', { name: 'Registrer som avtalt' }))
    expect(await screen.findByText('Tilleggsarbeidet er registrert som avtalt')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/quotes/q-7/agreement',
        body: { how: 'phone', name: 'Per Hansen', at: '2026-11-28T14:30', note: 'Ja til ekstra stikkontakt på badet, 2 400 kr.' },
      },
    ])
  })

  it('asks for no name under § 9, and sends none', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: agreedQuote }))
    renderWithProviders(<ChangeAgreement quoteId="q-7" />)
    await user.type(screen.getByLabelText('Hvem du snakket med'), 'Per')
    await user.selectOptions(screen.getByLabelText('Hvordan'), '§ 9: for å hindre vesentlig skade')
    expect(screen.queryByLabelText('Hvem du snakket med')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Hvorfor'), 'Røret lakk inn i etasjen under.')
    await user.click(screen.getByRole('button', { name: 'Registrer som avtalt' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ how: 'damage', name: null, note: 'Røret lakk inn i etasjen under.' })
  })

  it('asks for the evidence each way needs, and sends nothing without it', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: agreedQuote }))
    renderWithProviders(<ChangeAgreement quoteId="q-7" />)
    await user.clear(screen.getByLabelText('Når'))
    await user.click(screen.getByRole('button', { name: 'Registrer som avtalt' }))
    expect(await screen.findByText('Skriv hvem du snakket med.')).toBeInTheDocument()
    expect(screen.getByLabelText('Hvem du snakket med')).toHaveAccessibleDescription('Skriv hvem du snakket med.')
    expect(screen.getByLabelText('Når')).toHaveAccessibleDescription('Skriv når det ble avtalt.')
    expect(screen.getByLabelText('Hva kunden sa ja til')).toHaveAccessibleDescription('Skriv hva kunden sa ja til.')

    await user.selectOptions(screen.getByLabelText('Hvordan'), 'unreachable')
    await user.click(screen.getByRole('button', { name: 'Registrer som avtalt' }))
    expect(await screen.findByText('Skriv hvorfor arbeidet ble gjort uten kundens svar.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under its field and keeps what was typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { at: 'Tidspunktet kan ikke være i fremtiden.' } },
    }))
    renderWithProviders(<ChangeAgreement quoteId="q-7" />)
    await user.type(screen.getByLabelText('Hvem du snakket med'), 'Kari Hansen')
    await user.clear(screen.getByLabelText('Når'))
    await user.type(screen.getByLabelText('Når'), '2099-01-01T08:00')
    await user.type(screen.getByLabelText('Hva kunden sa ja til'), 'Ja til nytt kurs')
    await user.click(screen.getByRole('button', { name: 'Registrer som avtalt' }))
    expect(await screen.findByText('Tidspunktet kan ikke være i fremtiden.')).toBeInTheDocument()
    expect(screen.getByLabelText('Når')).toHaveAccessibleDescription('Tidspunktet kan ikke være i fremtiden.')
    expect(screen.getByLabelText('Når')).toHaveValue('2099-01-01T08:00')
    expect(screen.getByLabelText('Hvem du snakket med')).toHaveValue('Kari Hansen')
    expect(screen.getByLabelText('Hva kunden sa ja til')).toHaveValue('Ja til nytt kurs')
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke registrere avtalen')
  })

  it('shows why the server refuses a change the customer has already answered', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 409, body: { error: 'Kunden har allerede svart på tilleggsarbeidet.' } }))
    renderWithProviders(<ChangeAgreement quoteId="q-7" />)
    await user.type(screen.getByLabelText('Hvem du snakket med'), 'Kari Hansen')
    await user.type(screen.getByLabelText('Hva kunden sa ja til'), 'Ja')
    await user.click(screen.getByRole('button', { name: 'Registrer som avtalt' }))
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Kunden har allerede svart på tilleggsarbeidet.'))
    expect(screen.getByLabelText('Hva kunden sa ja til')).toHaveValue('Ja')
  })
})
