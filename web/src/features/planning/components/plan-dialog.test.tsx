import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Planned } from '../api/planning'
import { type Person, PlanDialog, type PlannableJob, type PlanStart } from './plan-dialog'

afterEach(() => vi.unstubAllGlobals())

const jobs: PlannableJob[] = [
  { id: 'job-1', title: 'Nytt sikringsskap', customer_name: 'Per Hansen' },
  { id: 'job-2', title: 'Lading i garasjen', customer_name: 'Liv Berg' },
]
const people: Person[] = [
  { id: 'u1', name: 'Ole Montør' },
  { id: 'u2', name: 'Kari Lærling' },
  { id: 'u3', name: 'Nils Elektriker' },
]

/** A day the server planned, as it answers the POST. */
function planned(userId: string, day: string): Planned {
  return {
    id: `pd-${userId}-${day}`,
    job_id: 'job-1',
    user_id: userId,
    day,
    starts_at: 450,
    minutes: 480,
    sequence: 0,
    cancelled_at: null,
    created_by: 'Kari Kontor',
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    job_title: 'Nytt sikringsskap',
    customer_name: 'Per Hansen',
    customer_address: 'Storgata 1, 0155 Oslo',
    lead_id: 'lead-1',
    job_end_day: null,
    after_end: false,
  }
}

function renderDialog(onDone: (planned: number) => void, start: PlanStart = {}) {
  renderWithProviders(<PlanDialog open onOpenChange={() => {}} jobs={jobs} people={people} start={start} onDone={onDone} />)
  return screen.getByRole('dialog', { name: 'Planlegg oppdrag' })
}

describe('PlanDialog', () => {
  it('plans a job for two people over three days from half past seven, eight hours a day', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const days = ['2026-12-07', '2026-12-08', '2026-12-09'].flatMap((day) => [planned('u1', day), planned('u2', day)])
    const sent = answerApi(() => ({ status: 201, body: days }))
    const dialog = renderDialog(onDone)
    await user.selectOptions(within(dialog).getByLabelText('Oppdrag'), 'Nytt sikringsskap (Per Hansen)')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ole Montør' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Kari Lærling' }))
    await user.type(within(dialog).getByLabelText('Første dag'), '7.12.2026')
    await user.type(within(dialog).getByLabelText('Siste dag'), '9.12.2026')
    await user.type(within(dialog).getByLabelText('Fra klokken'), '07:30')
    expect(within(dialog).getByLabelText('Fra klokken')).toHaveValue('07:30')
    await user.selectOptions(within(dialog).getByLabelText('Lengde'), '8 timer')
    await user.click(within(dialog).getByRole('button', { name: 'Planlegg' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(6))
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/plan-days',
        body: { job_id: 'job-1', user_ids: ['u1', 'u2'], from: '2026-12-07', to: '2026-12-09', starts_at: '07:30', minutes: 480 },
      },
    ])
  })

  it('starts with the person and the day the office came from, and plans that one day all day', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const sent = answerApi(() => ({ status: 201, body: [planned('u2', '2026-12-08')] }))
    const dialog = renderDialog(onDone, { userId: 'u2', day: '2026-12-08' })
    expect(within(dialog).getByRole('checkbox', { name: 'Kari Lærling' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: 'Ole Montør' })).not.toBeChecked()
    expect(within(dialog).getByLabelText('Første dag')).toHaveValue('08.12.2026')
    expect(within(dialog).getByLabelText('Siste dag')).toHaveValue('08.12.2026')
    expect(within(dialog).getByLabelText('Lengde')).toHaveDisplayValue('Hele arbeidsdagen')
    await user.selectOptions(within(dialog).getByLabelText('Oppdrag'), 'Lading i garasjen (Liv Berg)')
    await user.click(within(dialog).getByRole('button', { name: 'Planlegg' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(1))
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/plan-days',
        body: { job_id: 'job-2', user_ids: ['u2'], from: '2026-12-08', to: '2026-12-08', starts_at: null, minutes: null },
      },
    ])
  })

  it('says a job, a person and a first day are wanted, and sends nothing', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const sent = answerApi(() => ({ status: 201, body: [] }))
    const dialog = renderDialog(onDone)
    await user.click(within(dialog).getByRole('button', { name: 'Planlegg' }))
    expect(await within(dialog).findByText('Velg et oppdrag.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Oppdrag')).toHaveAccessibleDescription('Velg et oppdrag.')
    expect(within(dialog).getByRole('group', { name: 'Hvem' })).toHaveAccessibleDescription('Velg minst én person.')
    expect(within(dialog).getByLabelText('Første dag')).toHaveAccessibleDescription('Velg første dag.')
    expect(sent).toHaveLength(0)
    expect(onDone).not.toHaveBeenCalled()
  })

  it('says the last day cannot come before the first, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: [] }))
    const dialog = renderDialog(vi.fn(), { jobId: 'job-1', userId: 'u1' })
    await user.type(within(dialog).getByLabelText('Første dag'), '9.12.2026')
    await user.type(within(dialog).getByLabelText('Siste dag'), '7.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Planlegg' }))
    expect(await within(dialog).findByText('Siste dag kan ikke være før første dag.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Siste dag')).toHaveAccessibleDescription('Tom: bare første dag. Siste dag kan ikke være før første dag.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the start, keeps what was typed and stays open", async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { starts_at: 'Dagen kan ikke gå over midnatt.' } } }))
    const dialog = renderDialog(onDone, { jobId: 'job-1', userId: 'u1' })
    await user.type(within(dialog).getByLabelText('Første dag'), '7.12.2026')
    await user.type(within(dialog).getByLabelText('Fra klokken'), '20:00')
    await user.selectOptions(within(dialog).getByLabelText('Lengde'), '8 timer')
    await user.click(within(dialog).getByRole('button', { name: 'Planlegg' }))
    expect(await within(dialog).findByText('Dagen kan ikke gå over midnatt.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Fra klokken')).toHaveAccessibleDescription('Tom: hele dagen. Dagen kan ikke gå over midnatt.')
    expect(within(dialog).getByLabelText('Fra klokken')).toHaveValue('20:00')
    expect(within(dialog).getByLabelText('Første dag')).toHaveValue('7.12.2026')
    expect(within(dialog).getByLabelText('Lengde')).toHaveDisplayValue('8 timer')
    expect(within(dialog).getByRole('checkbox', { name: 'Ole Montør' })).toBeChecked()
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke planlegge oppdraget.')
    expect(onDone).not.toHaveBeenCalled()
  })

  it("says before saving that a day comes after the job's last day, and plans it all the same", async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    answerApi(() => ({ status: 201, body: [planned('u1', '2026-12-10')] }))
    renderWithProviders(
      <PlanDialog open onOpenChange={() => {}} jobs={[{ id: 'job-1', title: 'Nytt sikringsskap', customer_name: 'Per Hansen', end_day: '2026-12-09' }]} people={people} start={{ jobId: 'job-1', userId: 'u1' }} onDone={onDone} />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Planlegg oppdrag' })
    await user.type(within(dialog).getByLabelText('Første dag'), '9.12.2026')
    expect(within(dialog).queryByText(/Oppdragets siste dag er/)).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Siste dag'), '10.12.2026')
    expect(within(dialog).getByText(/Oppdragets siste dag er onsdag 9\. desember/)).toHaveTextContent('Dager etter den kan planlegges, men blir markert på tavlen.')
    await user.click(within(dialog).getByRole('button', { name: 'Planlegg' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(1))
  })
})
