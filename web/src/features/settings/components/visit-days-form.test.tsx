import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Settings } from '../api/settings'
import { exampleSettings } from './settings.fixture'
import { VisitDaysForm } from './visit-days-form'

afterEach(() => vi.unstubAllGlobals())

const settings: Settings = { ...exampleSettings, visit_days: { days_ahead: 14, weekdays: [1, 2, 3, 4, 5] } }
const WEEKDAYS = ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag']

describe('VisitDaysForm', () => {
  it('starts from the saved days, and sends the days ahead and the ticked weekdays in order', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<VisitDaysForm settings={settings} />)
    expect(screen.getByLabelText('Fredag')).toBeChecked()
    expect(screen.getByLabelText('Lørdag')).not.toBeChecked()
    await user.clear(screen.getByLabelText('Dager frem i tid'))
    await user.type(screen.getByLabelText('Dager frem i tid'), '21')
    await user.click(screen.getByLabelText('Mandag'))
    await user.click(screen.getByLabelText('Lørdag'))
    await user.click(screen.getByRole('button', { name: 'Lagre befaringsdager' }))
    expect(await screen.findByText('Kontaktskjemaet tilbyr disse dagene.')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/settings',
        body: expect.objectContaining({ company_name: 'Rør & Strøm Oslo AS', visit_days: { days_ahead: 21, weekdays: [2, 3, 4, 5, 6] } }),
      },
    ])
  })

  it('asks for at least one weekday and a number of days from 1 to 60, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<VisitDaysForm settings={settings} />)
    for (const day of WEEKDAYS) await user.click(screen.getByLabelText(day))
    await user.clear(screen.getByLabelText('Dager frem i tid'))
    await user.type(screen.getByLabelText('Dager frem i tid'), '61')
    await user.click(screen.getByRole('button', { name: 'Lagre befaringsdager' }))
    expect(await screen.findByText('Velg minst én ukedag dere tar befaring.')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Ukedager dere tar befaring' })).toHaveAccessibleDescription('Velg minst én ukedag dere tar befaring.')
    expect(screen.getByLabelText('Dager frem i tid')).toHaveAccessibleDescription('Skriv hvor mange dager frem kunden kan velge (1 til 60).')
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the days and keeps what was typed and ticked", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { 'visit_days.days_ahead': 'Skriv hvor mange dager frem kunden kan velge (1 til 60).' } },
    }))
    renderWithProviders(<VisitDaysForm settings={settings} />)
    await user.clear(screen.getByLabelText('Dager frem i tid'))
    await user.type(screen.getByLabelText('Dager frem i tid'), '30')
    await user.click(screen.getByLabelText('Søndag'))
    await user.click(screen.getByRole('button', { name: 'Lagre befaringsdager' }))
    expect(await screen.findByText('Skriv hvor mange dager frem kunden kan velge (1 til 60).')).toBeInTheDocument()
    expect(screen.getByLabelText('Dager frem i tid')).toHaveAccessibleDescription('Skriv hvor mange dager frem kunden kan velge (1 til 60).')
    expect(screen.getByLabelText('Dager frem i tid')).toHaveValue('30')
    expect(screen.getByLabelText('Søndag')).toBeChecked()
  })
})
