import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Planned } from '../api/planning'
import { CellDialog, type CellChoice } from './cell-dialog'
import type { Person } from './plan-dialog'

afterEach(() => vi.unstubAllGlobals())

const people: Person[] = [
  { id: 'u1', name: 'Ole Montør' },
  { id: 'u2', name: 'Kari Lærling' },
  { id: 'u3', name: 'Nils Elektriker' },
]
const cell: CellChoice = { userId: 'u1', name: 'Ole Montør', day: '2026-12-07', absence: null }

function planned(day: string): Planned {
  return {
    id: `pd-${day}`,
    job_id: 'job-1',
    user_id: 'u1',
    day,
    starts_at: null,
    minutes: null,
    sequence: 0,
    cancelled_at: null,
    created_by: 'Kari Kontor',
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    job_title: 'Nytt sikringsskap',
    customer_name: 'Per Hansen',
    customer_address: null,
    lead_id: 'lead-1',
    job_end_day: null,
    after_end: false,
  }
}

function renderDialog(onOpenChange: (open: boolean) => void) {
  renderWithProviders(<CellDialog cell={cell} people={people} onOpenChange={onOpenChange} onPlan={vi.fn()} />)
  return screen.getByRole('dialog', { name: /^Ole Montør, / })
}

describe('CellDialog', () => {
  it('marks a week of ferie in one request, then offers to move the days planned in it, one by one or all', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    const sent = answerApi((call) =>
      call.method === 'PUT' && call.path === '/api/admin/absences'
        ? { status: 200, body: { id: 'a1', user_id: 'u1', day: '2026-12-07', kind: 'ferie', created_by: 'Kari', created_at: '2026-11-20T08:00:00Z', to: '2026-12-13', days: 7, planned: [planned('2026-12-08'), planned('2026-12-09'), planned('2026-12-10')] } }
        : { status: 200, body: { ...planned('2026-12-08'), user_id: (call.body as { user_id: string }).user_id } },
    )
    const dialog = renderDialog(onOpenChange)
    expect(within(dialog).getByLabelText('Første dag')).toHaveValue('07.12.2026')
    await user.clear(within(dialog).getByLabelText('Siste dag'))
    await user.type(within(dialog).getByLabelText('Siste dag'), '13.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Ferie' }))
    const offer = await within(dialog).findByRole('heading', { name: 'Ole Montør har ferie, men er planlagt på 3 dager' })
    expect(offer).toHaveFocus()
    expect(sent[0]).toEqual({ method: 'PUT', path: '/api/admin/absences', body: { user_id: 'u1', day: '2026-12-07', to: '2026-12-13', kind: 'ferie' } })
    expect(within(dialog).getAllByText('Nytt sikringsskap')).toHaveLength(3)

    // One day to Nils, the other two to Kari at once.
    const [first] = within(dialog).getAllByLabelText('Flytt til')
    await user.selectOptions(first!, 'Nils Elektriker')
    await user.click(within(dialog).getByRole('button', { name: /^Flytt «Nytt sikringsskap» .* til Nils Elektriker$/ }))
    expect(await within(dialog).findByText('Flyttet til Nils Elektriker.')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Alle dagene til'), 'Kari Lærling')
    await user.click(within(dialog).getByRole('button', { name: 'Flytt alle' }))
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sent.slice(1)).toEqual([
      { method: 'PUT', path: '/api/admin/plan-days/pd-2026-12-08', body: { user_id: 'u3' } },
      { method: 'PUT', path: '/api/admin/plan-days/pd-2026-12-09', body: { user_id: 'u2' } },
      { method: 'PUT', path: '/api/admin/plan-days/pd-2026-12-10', body: { user_id: 'u2' } },
    ])
  })

  it('closes at once when nothing was planned in the days away, and says a last day before the first under the field', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    const sent = answerApi(() => ({ status: 200, body: { id: 'a1', user_id: 'u1', day: '2026-12-07', kind: 'syk', created_by: 'Kari', created_at: '2026-11-20T08:00:00Z', to: '2026-12-07', days: 1, planned: [] } }))
    const dialog = renderDialog(onOpenChange)
    await user.clear(within(dialog).getByLabelText('Siste dag'))
    await user.type(within(dialog).getByLabelText('Siste dag'), '6.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Syk' }))
    expect(within(dialog).getByLabelText('Siste dag')).toHaveAccessibleDescription(/Siste fraværsdag kan ikke være før første\./)
    expect(sent).toEqual([])
    await user.clear(within(dialog).getByLabelText('Siste dag'))
    await user.type(within(dialog).getByLabelText('Siste dag'), '7.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Syk' }))
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sent).toEqual([{ method: 'PUT', path: '/api/admin/absences', body: { user_id: 'u1', day: '2026-12-07', to: null, kind: 'syk' } }])
    expect(screen.getByRole('status')).toHaveTextContent('Syk er ført for Ole Montør')
  })

  it('says two jobs on the sick day as two jobs that day, not as two days, and so does the move', async () => {
    const user = userEvent.setup()
    const other = { ...planned('2026-12-07'), id: 'pd-other', job_id: 'job-2', job_title: 'Elbillader' }
    const saved = { id: 'a1', user_id: 'u1', day: '2026-12-07', kind: 'syk', created_by: 'Kari', created_at: '2026-11-20T08:00:00Z', to: '2026-12-07', days: 1, planned: [planned('2026-12-07'), other] }
    answerApi((call) => (call.path === '/api/admin/absences' ? { status: 200, body: saved } : { status: 200, body: { ...other, user_id: 'u2' } }))
    const dialog = renderDialog(vi.fn())
    await user.click(within(dialog).getByRole('button', { name: 'Syk' }))
    expect(await within(dialog).findByRole('heading', { name: 'Ole Montør er syk, men er planlagt på 2 oppdrag mandag 7. desember' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Flytt alle' }))
    expect(await screen.findByText('2 oppdrag flyttet til Kari Lærling')).toBeInTheDocument()
  })
})
