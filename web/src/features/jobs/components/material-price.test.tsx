import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { JobDetail } from '../api/jobs'
import { MaterialPrice, MaterialWording } from './material-price'

afterEach(() => vi.unstubAllGlobals())

const material: JobDetail['materials'][number] = {
  id: 'm-1',
  job_id: 'job-1',
  description: 'Koblingsboks',
  quantity: 300,
  unit: 'stk',
  unit_price: 0,
  vat: 25,
  extra: true,
  change_id: 'q-change',
  service_id: null,
  held: false,
  price_missing: true,
  receipt: false,
  added_by: 'Ole Montør',
  created_at: '2026-11-26T09:00:00Z',
}

const price = () => within(screen.getByRole('form', { name: 'Pris på Koblingsboks' })).getByLabelText('Pris per enhet (kr uten MVA)')

describe('MaterialPrice', () => {
  it('sends the line as the montør wrote it, with the price the office typed in øre', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: { ...material, unit_price: 4950, price_missing: false } }))
    renderWithProviders(<MaterialPrice jobId="job-1" material={material} />)
    await user.type(price(), '49,50')
    await user.click(screen.getByRole('button', { name: 'Sett pris' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/admin/jobs/job-1/materials/m-1',
      body: { service_id: null, description: 'Koblingsboks', quantity: 300, unit: 'stk', unit_price: 4950, vat: 25, extra: true, change_id: 'q-change' },
    })
  })

  it('refuses an empty or negative price before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: material }))
    renderWithProviders(<MaterialPrice jobId="job-1" material={material} />)
    await user.click(screen.getByRole('button', { name: 'Sett pris' }))
    expect(await screen.findByText('Skriv prisen som et beløp, for eksempel 249 eller 249,50.')).toBeInTheDocument()
    expect(price()).toHaveAccessibleDescription('Skriv prisen som et beløp, for eksempel 249 eller 249,50.')
    await user.type(price(), '-49')
    await user.click(screen.getByRole('button', { name: 'Sett pris' }))
    expect(price()).toHaveAccessibleDescription('Skriv prisen som et beløp, for eksempel 249 eller 249,50.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the price and keeps what was typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { unit_price: 'Enhetsprisen kan være høyst 100 millioner kroner.' } } }))
    renderWithProviders(<MaterialPrice jobId="job-1" material={material} />)
    await user.type(price(), '150000000')
    await user.click(screen.getByRole('button', { name: 'Sett pris' }))
    expect(await screen.findByText('Enhetsprisen kan være høyst 100 millioner kroner.')).toBeInTheDocument()
    expect(price()).toHaveAccessibleDescription('Enhetsprisen kan være høyst 100 millioner kroner.')
    expect(price()).toHaveValue('150000000')
    expect(screen.getByRole('alert')).toHaveTextContent('Prisen ble ikke lagret')
  })

  it("shows the server's reason when the job can no longer be changed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 409, body: { error: 'Oppdraget er fakturert og kan ikke endres.' } }))
    renderWithProviders(<MaterialPrice jobId="job-1" material={material} />)
    await user.type(price(), '49')
    await user.click(screen.getByRole('button', { name: 'Sett pris' }))
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Oppdraget er fakturert og kan ikke endres.'))
    expect(price()).toHaveValue('49')
  })
})

describe('MaterialWording', () => {
  const polish = { ...material, description: 'Puszka instalacyjna' }
  const wording = () =>
    within(screen.getByRole('form', { name: 'Rett teksten på Puszka instalacyjna' })).getByLabelText('Slik kunden ser det på fakturagrunnlaget')

  it("sends only the corrected wording, and leaves the line's price alone", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: { ...polish, description: 'Koblingsboks' } }))
    renderWithProviders(<MaterialWording jobId="job-1" material={polish} />)
    await user.click(screen.getByText('Rett teksten'))
    expect(wording()).toHaveValue('Puszka instalacyjna')
    await user.clear(wording())
    await user.type(wording(), ' Koblingsboks ')
    await user.click(screen.getByRole('button', { name: 'Lagre teksten' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ method: 'PATCH', path: '/api/admin/jobs/job-1/materials/m-1', body: { description: 'Koblingsboks' } })
  })

  it('refuses an empty wording in Norwegian before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: polish }))
    renderWithProviders(<MaterialWording jobId="job-1" material={polish} />)
    await user.click(screen.getByText('Rett teksten'))
    await user.clear(wording())
    await user.click(screen.getByRole('button', { name: 'Lagre teksten' }))
    expect(wording()).toHaveAccessibleDescription('Skriv hva materialet er, slik kunden skal se det på fakturagrunnlaget.')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the wording and keeps what was typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { description: 'Kan ikke være lengre enn 500 tegn.' } } }))
    renderWithProviders(<MaterialWording jobId="job-1" material={polish} />)
    await user.click(screen.getByText('Rett teksten'))
    await user.type(wording(), ' (hvit)')
    await user.click(screen.getByRole('button', { name: 'Lagre teksten' }))
    await vi.waitFor(() => expect(wording()).toHaveAccessibleDescription('Kan ikke være lengre enn 500 tegn.'))
    expect(wording()).toHaveValue('Puszka instalacyjna (hvit)')
    expect(screen.getByRole('alert')).toHaveTextContent('Teksten ble ikke rettet')
  })
})
