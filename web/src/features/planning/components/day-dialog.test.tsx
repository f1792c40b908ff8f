import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paths } from '@/lib/paths'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Planned } from '../api/planning'
import { DayDialog } from './day-dialog'
import type { Person } from './plan-dialog'

afterEach(() => vi.unstubAllGlobals())

const people: Person[] = [
  { id: 'u1', name: 'Ole Montør' },
  { id: 'u2', name: 'Kari Lærling' },
]
const plan: Planned = {
  id: 'pd-1',
  job_id: 'job-1',
  user_id: 'u1',
  day: '2026-12-07',
  starts_at: 450,
  minutes: 450,
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

function renderDialog(onOpenChange: (open: boolean) => void) {
  renderWithProviders(
    <MemoryRouter>
      <DayDialog plan={plan} person="Ole Montør" people={people} onOpenChange={onOpenChange} />
    </MemoryRouter>,
  )
  return screen.getByRole('dialog', { name: 'Nytt sikringsskap' })
}

describe('DayDialog', () => {
  it("names the job, the customer and the address, and moves the day to another person and day at the plan's own time", async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    const sent = answerApi(() => ({ status: 200, body: { ...plan, user_id: 'u2', day: '2026-12-08', sequence: 1 } }))
    const dialog = renderDialog(onOpenChange)
    expect(dialog).toHaveAccessibleDescription(/^Ole Montør, .*07:30–15:00$/)
    expect(within(dialog).getByText('Per Hansen')).toBeInTheDocument()
    expect(within(dialog).getByText('Storgata 1, 0155 Oslo')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Åpne oppdraget' })).toHaveAttribute('href', paths.admin.job('job-1'))
    expect(within(dialog).getByLabelText('Hvem')).toHaveValue('u1')
    expect(within(dialog).getByLabelText('Dag')).toHaveValue('07.12.2026')
    expect(within(dialog).getByLabelText('Fra klokken')).toHaveValue('07:30')
    expect(within(dialog).getByLabelText('Lengde')).toHaveDisplayValue('7,5 timer')
    await user.selectOptions(within(dialog).getByLabelText('Hvem'), 'Kari Lærling')
    await user.clear(within(dialog).getByLabelText('Dag'))
    await user.type(within(dialog).getByLabelText('Dag'), '8.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }))
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sent).toEqual([
      { method: 'PUT', path: '/api/admin/plan-days/pd-1', body: { user_id: 'u2', day: '2026-12-08', starts_at: '07:30', minutes: 450 } },
    ])
    expect(screen.getByRole('status')).toHaveTextContent('Dagen er flyttet')
  })

  it('makes the day the whole working day when the start is emptied and the length is the ordinary day', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    const sent = answerApi(() => ({ status: 200, body: { ...plan, starts_at: null, minutes: null, sequence: 1 } }))
    const dialog = renderDialog(onOpenChange)
    await user.clear(within(dialog).getByLabelText('Fra klokken'))
    expect(within(dialog).getByLabelText('Fra klokken')).toHaveValue('')
    await user.selectOptions(within(dialog).getByLabelText('Lengde'), 'Hele arbeidsdagen')
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }))
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sent).toEqual([{ method: 'PUT', path: '/api/admin/plan-days/pd-1', body: { user_id: 'u1', day: '2026-12-07', all_day: true } }])
  })

  it("says why the server refused a move the person already has, keeps what was typed and stays open", async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    answerApi(() => ({ status: 409, body: { error: 'Personen er allerede planlagt på dette oppdraget den dagen.' } }))
    const dialog = renderDialog(onOpenChange)
    await user.selectOptions(within(dialog).getByLabelText('Hvem'), 'Kari Lærling')
    await user.clear(within(dialog).getByLabelText('Dag'))
    await user.type(within(dialog).getByLabelText('Dag'), '8.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }))
    expect(await screen.findByText('Personen er allerede planlagt på dette oppdraget den dagen.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke flytte dagen')
    expect(screen.getByRole('alert')).toHaveTextContent('Personen er allerede planlagt på dette oppdraget den dagen.')
    expect(within(dialog).getByLabelText('Hvem')).toHaveValue('u2')
    expect(within(dialog).getByLabelText('Dag')).toHaveValue('8.12.2026')
    expect(screen.getByRole('dialog', { name: 'Nytt sikringsskap' })).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it("puts the server's message about the people under \"Hvem\"", async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { user_ids: 'Velg personer som finnes.' } } }))
    const dialog = renderDialog(onOpenChange)
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }))
    expect(await within(dialog).findByText('Velg personer som finnes.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Hvem')).toHaveAccessibleDescription('Velg personer som finnes.')
    expect(screen.getByRole('alert')).toBeEmptyDOMElement()
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('removes the day', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    const sent = answerApi(() => ({ status: 204 }))
    const dialog = renderDialog(onOpenChange)
    await user.click(within(dialog).getByRole('button', { name: 'Fjern dagen' }))
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/admin/plan-days/pd-1', body: undefined }])
    expect(screen.getByRole('status')).toHaveTextContent('Dagen er fjernet')
  })
})
