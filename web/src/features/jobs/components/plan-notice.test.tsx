import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { PlanNoticePreview } from '../api/jobs'
import { PlanNotice } from './plan-notice'

afterEach(() => vi.unstubAllGlobals())

const TEXT = 'Hei Liv Lie!\n\nPlanen for «Nytt bad» i Storgata 1 er endret:\n\n- Ikke lenger: onsdag 26. mars 2031\n'

/** A plan changed since the customer was told: two days, one gone. */
const changed: PlanNoticePreview = {
  to: 'liv@example.no',
  can_email: true,
  subject: 'Endret plan for «Nytt bad»',
  text: TEXT,
  first: false,
  changes: ['Ikke lenger: onsdag 26. mars 2031', 'Ny tid: mandag 24. mars 2031, fra kl. 08:00 til ca. 17:00'],
  days: [
    { day: '2031-03-24', starts_at: 480, ends_at: 1020, people: ['Kari Nordmann', 'Per Olsen'] },
    { day: '2031-03-27', starts_at: null, ends_at: null, people: ['Kari Nordmann'] },
  ],
  unchanged: false,
  not_now: null,
  seen: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  sent: [
    {
      id: 'n-1',
      job_id: 'job-1',
      number: 0,
      sent_to: 'liv@example.no',
      subject: 'Planen for «Nytt bad»',
      body: 'Hei Liv Lie!',
      days: [],
      sent_by: 'Ola Kontor',
      sent_at: '2031-03-01T09:00:00Z',
    },
  ],
}

const sentNotice = { ...changed.sent[0], id: 'n-2', number: 1, subject: changed.subject }

function answer(post: { status: number; body?: unknown }, preview: PlanNoticePreview = changed) {
  return answerApi((call) => (call.method === 'GET' ? { status: 200, body: preview } : post))
}

async function openTheLetter() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Vis e-posten til kunden' }))
  return user
}

describe('PlanNotice', () => {
  it('shows the days and what changed, and sends the text as edited with what was seen', async () => {
    const sent = answer({ status: 201, body: sentNotice })
    renderWithProviders(<PlanNotice jobId="job-1" leadId="lead-1" />)
    const days = await screen.findByRole('list', { name: 'Planlagte dager' })
    expect(within(days).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'mandag 24. mars 2031, fra kl. 08:00 til ca. 17:00: Kari Nordmann, Per Olsen',
      'torsdag 27. mars 2031, tidspunkt avtales: Kari Nordmann',
    ])
    expect(within(screen.getByRole('list', { name: 'Endringer' })).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByText(/Sist sendt .* av Ola Kontor til liv@example\.no\./)).toBeInTheDocument()

    const user = await openTheLetter()
    expect(screen.getByText('Endret plan for «Nytt bad»')).toBeInTheDocument()
    const text = screen.getByLabelText('Tekst til kunden')
    expect(text).toHaveValue(TEXT)
    await user.type(text, 'PS: Vi ringer dagen før.')
    await user.click(screen.getByRole('button', { name: 'Send til kunden' }))
    expect(await screen.findByText('Planen er sendt til kunden')).toBeInTheDocument()
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/jobs/job-1/plan-notice', body: { text: `${TEXT}PS: Vi ringer dagen før.`, seen: changed.seen } },
    ])
  })

  it('keeps "Send til kunden" from a plan the customer has, and says why', async () => {
    const told = 'Kunden har allerede fått denne planen.'
    const sent = answer({ status: 201, body: sentNotice }, { ...changed, changes: [], unchanged: true, not_now: told })
    renderWithProviders(<PlanNotice jobId="job-1" leadId={null} />)
    expect(await screen.findByText(told)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Endringer' })).not.toBeInTheDocument()
    await openTheLetter()
    const button = screen.getByRole('button', { name: 'Send til kunden' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(told)
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0)
  })

  it('asks for a text, and sends nothing without one', async () => {
    const sent = answer({ status: 201, body: sentNotice })
    renderWithProviders(<PlanNotice jobId="job-1" leadId="lead-1" />)
    const user = await openTheLetter()
    await user.clear(screen.getByLabelText('Tekst til kunden'))
    await user.click(screen.getByRole('button', { name: 'Send til kunden' }))
    expect(await screen.findByText('Skriv teksten til kunden.')).toBeInTheDocument()
    expect(screen.getByLabelText('Tekst til kunden')).toHaveAccessibleDescription(
      'Du kan endre teksten før den sendes. Dagene legges ved som kalenderfil. Skriv teksten til kunden.',
    )
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0)
  })

  it("puts the server's message under the text and keeps what was typed", async () => {
    answer({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { text: 'Skriv teksten til kunden.' } } })
    renderWithProviders(<PlanNotice jobId="job-1" leadId="lead-1" />)
    const user = await openTheLetter()
    await user.clear(screen.getByLabelText('Tekst til kunden'))
    await user.type(screen.getByLabelText('Tekst til kunden'), 'Hei!')
    await user.click(screen.getByRole('button', { name: 'Send til kunden' }))
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Tekst til kunden')).toHaveAccessibleDescription(
        'Du kan endre teksten før den sendes. Dagene legges ved som kalenderfil. Skriv teksten til kunden.',
      ),
    )
    expect(screen.getByLabelText('Tekst til kunden')).toHaveValue('Hei!')
    expect(screen.getByRole('alert')).toHaveTextContent('Planen ble ikke sendt')
  })

  it('says so when the plan changed after it was read', async () => {
    const changedSince = 'Planen er endret siden du så på e-posten. Se over den nye teksten og send igjen.'
    answer({ status: 409, body: { error: changedSince } })
    renderWithProviders(<PlanNotice jobId="job-1" leadId="lead-1" />)
    const user = await openTheLetter()
    await user.click(screen.getByRole('button', { name: 'Send til kunden' }))
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(changedSince))
  })
})
