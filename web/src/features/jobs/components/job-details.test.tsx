import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { JobDetail } from '../api/jobs'
import { exampleJob } from './jobs.fixture'
import { JobDetails, type Staff } from './job-details'

afterEach(() => vi.unstubAllGlobals())

const job: JobDetail = exampleJob({
  status: 'planned',
  workers: [{ user_id: 'u1', name: 'Ole Montør' }],
})

const staff: Staff[] = [
  { id: 'u1', name: 'Ole Montør', role: 'montor', is_active: true },
  { id: 'u2', name: 'Kari Kontor', role: 'admin', is_active: true },
  { id: 'u3', name: 'Sluttet Før', role: 'montor', is_active: false },
]

describe('JobDetails', () => {
  it('sends the status, the days as YYYY-MM-DD, the rate in øre and who works on the job', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: job }))
    renderWithProviders(<JobDetails job={job} staff={staff} />)
    expect(screen.getByLabelText('Timepris (kr uten MVA)')).toHaveValue('950,00')
    expect(screen.getByLabelText(/Ole Montør/)).toBeChecked()
    expect(screen.queryByLabelText(/Sluttet Før/)).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Status'), 'I arbeid')
    await user.clear(screen.getByLabelText('Timepris (kr uten MVA)'))
    await user.type(screen.getByLabelText('Timepris (kr uten MVA)'), '1 100,50')
    await user.type(screen.getByLabelText('Startdag'), '1.12.2026')
    await user.type(screen.getByLabelText('Sluttdag'), '05.12.2026')
    await user.click(screen.getByLabelText('Kari Kontor'))
    await user.click(screen.getByRole('button', { name: 'Lagre oppdraget' }))
    expect(await screen.findByText('Oppdraget er lagret')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/jobs/job-1',
        body: { status: 'in_progress', start_day: '2026-12-01', end_day: '2026-12-05', hourly_rate: 110_050, workers: ['u1', 'u2'] },
      },
    ])
  })

  it('refuses a rate that is not an amount before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: job }))
    renderWithProviders(<JobDetails job={job} staff={staff} />)
    await user.clear(screen.getByLabelText('Timepris (kr uten MVA)'))
    await user.type(screen.getByLabelText('Timepris (kr uten MVA)'), '950 kr/t')
    await user.click(screen.getByRole('button', { name: 'Lagre oppdraget' }))
    expect(await screen.findByText('Skriv timeprisen som et beløp, for eksempel 950 eller 950,50.')).toBeInTheDocument()
    expect(screen.getByLabelText('Timepris (kr uten MVA)')).toHaveAccessibleDescription(/Skriv timeprisen som et beløp/)
    expect(sent).toHaveLength(0)
  })

  it('refuses a day that is not in the calendar under its field, before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: job }))
    renderWithProviders(<JobDetails job={job} staff={staff} />)
    await user.type(screen.getByLabelText('Startdag'), '32.12.2026')
    await user.click(screen.getByRole('button', { name: 'Lagre oppdraget' }))
    expect(await screen.findByText('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.')).toBeInTheDocument()
    expect(screen.getByLabelText('Startdag')).toHaveAccessibleDescription('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.')
    expect(screen.getByLabelText('Startdag')).toHaveValue('32.12.2026')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the end day and keeps what was typed and ticked", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { end_day: 'Sluttdagen kan ikke være før startdagen.' } },
    }))
    renderWithProviders(<JobDetails job={job} staff={staff} />)
    await user.type(screen.getByLabelText('Startdag'), '10.12.2026')
    await user.type(screen.getByLabelText('Sluttdag'), '1.12.2026')
    await user.click(screen.getByLabelText(/Ole Montør/))
    await user.click(screen.getByRole('button', { name: 'Lagre oppdraget' }))
    expect(await screen.findByText('Sluttdagen kan ikke være før startdagen.')).toBeInTheDocument()
    expect(screen.getByLabelText('Sluttdag')).toHaveAccessibleDescription('Sluttdagen kan ikke være før startdagen.')
    expect(screen.getByLabelText('Sluttdag')).toHaveValue('1.12.2026')
    expect(screen.getByLabelText('Startdag')).toHaveValue('10.12.2026')
    expect(screen.getByLabelText(/Ole Montør/)).not.toBeChecked()
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke lagre oppdraget')
  })
})
