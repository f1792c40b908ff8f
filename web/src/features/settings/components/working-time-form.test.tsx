import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { exampleSettings } from './settings.fixture'
import { WorkingTimeForm } from './working-time-form'

afterEach(() => vi.unstubAllGlobals())

describe('WorkingTimeForm', () => {
  it("starts from the law's 9 and 40 hours and sends an agreement's 7,5 and 37,5 and its evening from 17 as minutes", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: exampleSettings }))
    renderWithProviders(<WorkingTimeForm settings={exampleSettings} />)
    expect(screen.getByLabelText('Normal arbeidstid per dag (timer)')).toHaveValue('9')
    expect(screen.getByLabelText('Normal arbeidstid per uke (timer)')).toHaveValue('40')
    await user.clear(screen.getByLabelText('Normal arbeidstid per dag (timer)'))
    await user.type(screen.getByLabelText('Normal arbeidstid per dag (timer)'), '7,5')
    await user.clear(screen.getByLabelText('Normal arbeidstid per uke (timer)'))
    await user.type(screen.getByLabelText('Normal arbeidstid per uke (timer)'), '37,5')
    expect(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)')).toHaveValue('18:00')
    await user.clear(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)'))
    await user.type(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)'), '17')
    await user.click(screen.getByRole('button', { name: 'Lagre arbeidstid' }))
    expect(await screen.findByText('Timene regnes med disse grensene fra nå.')).toBeInTheDocument()
    expect(sent).toEqual([
      { method: 'PUT', path: '/api/admin/settings', body: expect.objectContaining({ working_time: { day_minutes: 450, week_minutes: 2250, evening_from: 1020 } }) },
    ])
  })

  it('refuses a day past 24 hours in Norwegian, keeps what was typed and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: exampleSettings }))
    renderWithProviders(<WorkingTimeForm settings={exampleSettings} />)
    await user.clear(screen.getByLabelText('Normal arbeidstid per dag (timer)'))
    await user.type(screen.getByLabelText('Normal arbeidstid per dag (timer)'), '25')
    await user.click(screen.getByRole('button', { name: 'Lagre arbeidstid' }))
    expect(screen.getByLabelText('Normal arbeidstid per dag (timer)')).toHaveAccessibleDescription('Skriv timer per dag, fra 1 til 24 (for eksempel 7,5).')
    expect(screen.getByLabelText('Normal arbeidstid per dag (timer)')).toHaveValue('25')
    expect(sent).toHaveLength(0)
  })

  it('refuses an evening that begins before noon, and keeps what was typed', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: exampleSettings }))
    renderWithProviders(<WorkingTimeForm settings={exampleSettings} />)
    await user.clear(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)'))
    await user.type(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)'), '9:30')
    await user.click(screen.getByRole('button', { name: 'Lagre arbeidstid' }))
    expect(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)')).toHaveAccessibleDescription('Kvelden må begynne mellom kl. 12:00 og 23:59.')
    expect(screen.getByLabelText('Kveld fra kl. (til kl. 06:00)')).toHaveValue('9:30')
    expect(sent).toHaveLength(0)
  })
})
