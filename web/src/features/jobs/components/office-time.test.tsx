import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { OfficeTime } from './office-time'

const job = { id: 'job-1', title: 'Nytt bad', customer_name: 'Liv Lie', changes: [], lines: [], materials: [], status: 'in_progress' }
const week = (jobs: unknown[]) => ({ from: '2026-11-30', to: '2026-12-06', user_id: 'kari', entries: [], days: [0, 0, 0, 0, 0, 0, 0], total_minutes: 0, jobs })

afterEach(() => vi.unstubAllGlobals())

describe('OfficeTime', () => {
  it("enters a person's hours as theirs, by the quarter, and keeps what was typed when refused", async () => {
    const user = userEvent.setup()
    let refuse = true
    const sent = answerApi((call) => {
      if (call.method === 'GET') return { status: 200, body: week([job]) }
      if (refuse) {
        refuse = false
        return { status: 422, body: { error: 'Ugyldige felt', fields: { day: 'Timene for oktober 2026 er låst.' } } }
      }
      return { status: 201, body: { id: 'e1' } }
    })
    renderWithProviders(<OfficeTime person={{ id: 'kari', name: 'Kari Lie' }} day="2026-12-02" />)
    const form = await screen.findByRole('form', { name: 'Før timer for Kari Lie' })
    await user.click(screen.getByRole('button', { name: 'Før timene' }))
    expect(await screen.findByText('Velg et oppdrag.')).toBeInTheDocument()
    expect(sent.filter((call) => call.method === 'POST')).toEqual([])

    await user.selectOptions(screen.getByLabelText('Oppdrag'), 'job-1')
    await user.clear(screen.getByLabelText('Dag'))
    await user.type(screen.getByLabelText('Dag'), '2026-10-30')
    await user.clear(screen.getByLabelText('Timer'))
    await user.type(screen.getByLabelText('Timer'), '7,3')
    await user.click(screen.getByRole('button', { name: 'Før timene' }))
    expect(await screen.findByText('Timer føres i hele kvarter, fra 0,25 til 24 timer.')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Timer'))
    await user.type(screen.getByLabelText('Timer'), '7,5')
    await user.type(screen.getByLabelText('Notat (valgfritt)'), 'Uten telefon')
    await user.click(screen.getByRole('button', { name: 'Før timene' }))
    expect(await screen.findByText('Timene for oktober 2026 er låst.')).toBeInTheDocument()
    expect(screen.getByLabelText('Notat (valgfritt)')).toHaveValue('Uten telefon')

    await user.clear(screen.getByLabelText('Dag'))
    await user.type(screen.getByLabelText('Dag'), '2026-12-01')
    await user.click(screen.getByRole('button', { name: 'Før timene' }))
    expect(await screen.findByText('7,5 t er ført for Kari Lie')).toBeInTheDocument()
    const posts = sent.filter((call) => call.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(posts[1]?.body).toMatchObject({ user_id: 'kari', job_id: 'job-1', day: '2026-12-01', minutes: 450, note: 'Uten telefon', starts_at: null })
    expect(form).toBeInTheDocument()
  })

  it('says so when the person works on no open job', async () => {
    answerApi(() => ({ status: 200, body: week([]) }))
    renderWithProviders(<OfficeTime person={{ id: 'kari', name: 'Kari Lie' }} day="2026-12-02" />)
    expect(await screen.findByText(/Kari Lie er ikke satt på noe åpent oppdrag/)).toBeInTheDocument()
  })
})
