import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { JobDetail } from '../api/jobs'
import { exampleJob } from './jobs.fixture'
import { JobContacts } from './job-contacts'

afterEach(() => vi.unstubAllGlobals())

const job: JobDetail = exampleJob({
  title: 'Nytt bad',
  budget: 10_000_000,
  meter: { billable: 10_000_000, budget: 10_000_000, extra_budget: 0, extra_used: 0, held: 40_000, needs_contact: true, over_estimate: true, used: 10_040_000 },
})

describe('JobContacts', () => {
  it('sends how and when the customer was told and what they said, then empties what they said', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'c-1' } }))
    renderWithProviders(<JobContacts job={job} />)
    await user.selectOptions(screen.getByLabelText('Hvordan'), 'e-post')
    await user.clear(screen.getByLabelText('Når'))
    await user.type(screen.getByLabelText('Når'), '2026-11-27T10:15')
    await user.type(screen.getByLabelText('Hva kunden sa'), 'Ok å fortsette, men ring før det passerer 120 000.')
    await user.click(screen.getByRole('button', { name: 'Registrer kontakt' }))
    expect(await screen.findByText('Kontakten er registrert')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/jobs/job-1/contacts',
        body: { how: 'e-post', contacted_at: '2026-11-27T10:15', said: 'Ok å fortsette, men ring før det passerer 120 000.' },
      },
    ])
    expect(screen.getByLabelText('Hva kunden sa')).toHaveValue('')
    expect(screen.getByLabelText('Hvordan')).toHaveValue('e-post')
  })

  it('says what is missing under each field and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'c-1' } }))
    renderWithProviders(<JobContacts job={job} />)
    await user.clear(screen.getByLabelText('Når'))
    await user.type(screen.getByLabelText('Hva kunden sa'), '   ')
    await user.click(screen.getByRole('button', { name: 'Registrer kontakt' }))
    expect(await screen.findByText('Skriv hva kunden sa.')).toBeInTheDocument()
    expect(screen.getByLabelText('Hva kunden sa')).toHaveAccessibleDescription('Skriv hva kunden sa.')
    expect(screen.getByLabelText('Når')).toHaveAccessibleDescription('Skriv når kunden ble kontaktet.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the time and keeps what was typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { contacted_at: 'Kontakten kan ikke være i fremtiden.' } },
    }))
    renderWithProviders(<JobContacts job={job} />)
    await user.selectOptions(screen.getByLabelText('Hvordan'), 'møte')
    await user.clear(screen.getByLabelText('Når'))
    await user.type(screen.getByLabelText('Når'), '2099-12-24T12:00')
    await user.type(screen.getByLabelText('Hva kunden sa'), 'Ja, fortsett.')
    await user.click(screen.getByRole('button', { name: 'Registrer kontakt' }))
    expect(await screen.findByText('Kontakten kan ikke være i fremtiden.')).toBeInTheDocument()
    expect(screen.getByLabelText('Når')).toHaveAccessibleDescription('Kontakten kan ikke være i fremtiden.')
    expect(screen.getByLabelText('Når')).toHaveValue('2099-12-24T12:00')
    expect(screen.getByLabelText('Hva kunden sa')).toHaveValue('Ja, fortsett.')
    expect(screen.getByLabelText('Hvordan')).toHaveValue('møte')
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke registrere kontakten')
  })
})
