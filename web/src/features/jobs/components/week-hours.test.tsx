import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UNDO_MS } from '@/components/toast'
import { answerApi, renderWithProviders } from '@/test-render'
import { WeekHours } from './week-hours'

const entry = (id: string, day: string, minutes: number) => ({
  id,
  job_id: 'job-1',
  user_id: 'user-1',
  user_name: 'Ole Montør',
  day,
  minutes,
  line: null,
  note: '',
  extra: false,
  change_id: null,
  rate: 90000,
  created_at: '2026-11-23T08:00:00Z',
  updated_at: '2026-11-23T08:00:00Z',
  job_title: 'Bytte sikringsskap',
  customer_name: 'Per Hansen',
  customer_address: null,
})

const week = {
  from: '2026-11-23',
  to: '2026-11-29',
  user_id: 'user-1',
  entries: [{ ...entry('a', '2026-11-23', 120), starts_at: 7 * 60 }, entry('b', '2026-11-23', 60)],
  days: [180, 0, 0, 0, 0, 0, 0],
  total_minutes: 180,
  jobs: [],
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('WeekHours', () => {
  it('takes an entry off at once, and puts it back when "Angre" is pressed: nothing is deleted', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const sent = answerApi(({ method }) => (method === 'GET' ? { status: 200, body: week } : { status: 204 }))
    renderWithProviders(<WeekHours day="2026-11-23" />)

    await user.click(await screen.findByRole('button', { name: 'Slett 2 t på Bytte sikringsskap, mandag' }))
    expect(screen.queryByRole('button', { name: 'Slett 2 t på Bytte sikringsskap, mandag' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Uken fra .*: 1 t/ })).toBeInTheDocument()
    const notice = screen.getByRole('status')
    expect(within(notice).getByText('Timene er slettet')).toBeInTheDocument()
    await user.click(within(notice).getByRole('button', { name: 'Angre' }))
    expect(await screen.findByRole('button', { name: 'Slett 2 t på Bytte sikringsskap, mandag' })).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(UNDO_MS + 1000)
    })
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([])
  })

  it('deletes on the server once the undo time has run out', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const sent = answerApi(({ method }) => (method === 'GET' ? { status: 200, body: week } : { status: 204 }))
    renderWithProviders(<WeekHours day="2026-11-23" />)

    await user.click(await screen.findByRole('button', { name: 'Slett 1 t på Bytte sikringsskap, mandag' }))
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([])
    await act(async () => {
      vi.advanceTimersByTime(UNDO_MS + 100)
    })
    await vi.waitFor(() =>
      expect(sent.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/api/admin/time/b', body: undefined }]),
    )
  })

  it('changes an entry where it stands: a quarter more and a note, sent as one change', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const sent = answerApi(({ method }) => (method === 'GET' ? { status: 200, body: week } : { status: 200, body: entry('a', '2026-11-23', 135) }))
    renderWithProviders(<WeekHours day="2026-11-23" />)

    await user.click(await screen.findByRole('button', { name: 'Endre 2 t på Bytte sikringsskap, mandag' }))
    const editor = screen.getByRole('group', { name: 'Endre 2 t på Bytte sikringsskap, mandag' })
    await user.click(within(editor).getByRole('button', { name: 'Et kvarter mer' }))
    expect(within(editor).getByText('2,25 t')).toBeInTheDocument()
    await user.type(within(editor).getByLabelText('Merknad'), 'Trakk kabel')
    // When the work began: shown in the week, changed the short way; a wrong time is said
    // and nothing is sent.
    expect(screen.getByText('fra 07:00')).toBeInTheDocument()
    expect(within(editor).getByLabelText('Fra kl.')).toHaveValue('07:00')
    await user.clear(within(editor).getByLabelText('Fra kl.'))
    await user.type(within(editor).getByLabelText('Fra kl.'), '25')
    await user.click(within(editor).getByRole('button', { name: 'Lagre' }))
    expect(await screen.findByText('Skriv når arbeidet begynte som tt:mm, for eksempel 07:30.')).toBeInTheDocument()
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([])
    await user.clear(within(editor).getByLabelText('Fra kl.'))
    await user.type(within(editor).getByLabelText('Fra kl.'), '1930')
    await user.click(within(editor).getByRole('button', { name: 'Lagre' }))
    await vi.waitFor(() =>
      expect(sent.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/admin/time/a', body: { minutes: 135, note: 'Trakk kabel', starts_at: '19:30' } },
      ]),
    )
    expect(await screen.findByText('Endret til 2,25 t')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: /^Endre/ })).not.toBeInTheDocument()
  })
})
