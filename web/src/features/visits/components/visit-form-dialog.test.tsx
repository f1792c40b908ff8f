import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { StaffMember, Visit } from '../api/visits'
import { type OfferedDay, VisitFormDialog } from './visit-form-dialog'

afterEach(() => vi.unstubAllGlobals())

const staff: StaffMember[] = [{ id: 'u1', name: 'Ole Montør', email: 'ole@fagfolk.test', is_active: true }]
const offered: OfferedDay[] = [{ day: '2026-12-03', part: 'ettermiddag' }]
const visit: Visit = {
  id: 'v-1',
  lead_id: 'lead-1',
  day: '2026-12-07',
  start: '08:30',
  end: '09:15',
  starts_at: '2026-12-07T07:30:00Z',
  minutes: 45,
  note: 'Ring på ved ankomst',
  staff_id: 'u1',
  staff_name: 'Ole Montør',
  staff_email: 'ole@fagfolk.test',
  sequence: 0,
  booked_by: 'Kari Kontor',
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
}

function renderDialog(onDone: () => void, moving: Visit | null = null) {
  renderWithProviders(
    <VisitFormDialog open onOpenChange={() => {}} leadId="lead-1" visit={moving} staff={staff} offered={offered} place={{ adresse: '', postnr: null }} onDone={onDone} />,
  )
  return screen.getByRole('dialog', { name: moving ? 'Flytt befaring' : 'Avtal befaring' })
}

describe('VisitFormDialog', () => {
  it("books the customer's offered afternoon with the one member of staff, the length and the address typed", async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const changed = { visit: { ...visit, day: '2026-12-03' }, invited: ['per@example.no'] }
    const sent = answerApi(() => ({ status: 201, body: changed }))
    const dialog = renderDialog(onDone)
    expect(within(dialog).getByText(/Lead-en har ingen adresse/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'torsdag 3. desember 2026, ettermiddag' }))
    expect(within(dialog).getByLabelText('Dag')).toHaveValue('03.12.2026')
    expect(within(dialog).getByLabelText('Klokkeslett')).toHaveValue('13:00')
    expect(within(dialog).getByLabelText('Hvem drar')).toHaveValue('u1')
    await user.selectOptions(within(dialog).getByLabelText('Varighet'), '2 timer')
    await user.type(within(dialog).getByLabelText('Adresse'), ' Storgata 1 ')
    await user.type(within(dialog).getByLabelText('Postnummer'), '0155')
    await user.type(within(dialog).getByLabelText('Notat til den som drar'), 'Hunden er snill')
    await user.click(within(dialog).getByRole('button', { name: 'Avtal befaring' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(changed))
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/leads/lead-1/visits',
        body: { day: '2026-12-03', start: '13:00', minutes: 120, staff_id: 'u1', note: 'Hunden er snill', address: 'Storgata 1', postcode: '0155' },
      },
    ])
  })

  it('moves a visit from its own day, time and length', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: { visit, invited: [] } }))
    const dialog = renderDialog(vi.fn(), visit)
    expect(within(dialog).queryByRole('group', { name: 'Kunden ønsket' })).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Varighet')).toHaveDisplayValue('45 minutter')
    await user.clear(within(dialog).getByLabelText('Dag'))
    await user.type(within(dialog).getByLabelText('Dag'), '8.12.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Flytt befaringen' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/admin/visits/v-1', body: { day: '2026-12-08', start: '08:30', minutes: 45, note: 'Ring på ved ankomst' } })
  })

  it('says a day that is not one of the calendar must be written as dd.mm.åååå, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: {} }))
    const dialog = renderDialog(vi.fn())
    await user.type(within(dialog).getByLabelText('Dag'), '31.02.2026')
    await user.click(within(dialog).getByRole('button', { name: 'Avtal befaring' }))
    expect(await within(dialog).findByText('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Dag')).toHaveAccessibleDescription('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the day, keeps what was typed and stays open", async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { day: 'Dagen har vært. Velg i dag eller en senere dag.' } } }))
    const dialog = renderDialog(onDone)
    await user.type(within(dialog).getByLabelText('Dag'), '1.1.2020')
    await user.type(within(dialog).getByLabelText('Adresse'), 'Storgata 1')
    await user.click(within(dialog).getByRole('button', { name: 'Avtal befaring' }))
    expect(await within(dialog).findByText('Dagen har vært. Velg i dag eller en senere dag.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Dag')).toHaveAccessibleDescription('Dagen har vært. Velg i dag eller en senere dag.')
    expect(within(dialog).getByLabelText('Dag')).toHaveValue('1.1.2020')
    expect(within(dialog).getByLabelText('Adresse')).toHaveValue('Storgata 1')
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke avtale befaringen.')
    expect(onDone).not.toHaveBeenCalled()
  })
})
