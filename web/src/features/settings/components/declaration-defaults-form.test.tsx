import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Settings } from '../api/settings'
import { DeclarationDefaultsForm } from './declaration-defaults-form'
import { exampleSettings } from './settings.fixture'

afterEach(() => vi.unstubAllGlobals())

const settings: Settings = {
  ...exampleSettings,
  declaration_defaults: { registration: '987654', norms: 'NEK 400:2022', risk: ['Fuktig rom'], checks: ['Isolasjonsmåling'] },
}

describe('DeclarationDefaultsForm', () => {
  it('sends one point per written line, blanks dropped, with the company facts as saved', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<DeclarationDefaultsForm settings={settings} />)
    expect(screen.getByLabelText('Risikovurdering (ett punkt per linje)')).toHaveValue('Fuktig rom')
    await user.clear(screen.getByLabelText('Normer'))
    await user.type(screen.getByLabelText('Normer'), 'NEK 400:2022, NEK 405')
    await user.type(screen.getByLabelText('Risikovurdering (ett punkt per linje)'), '{Enter}{Enter}  Barn i huset  ')
    await user.type(screen.getByLabelText('Sluttkontroll (ett punkt per linje)'), '{Enter}Jordfeilbryter testet')
    await user.click(screen.getByRole('button', { name: 'Lagre erklæringsstandard' }))
    expect(await screen.findByText('Nye samsvarserklæringer starter med dette.')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/settings',
        body: expect.objectContaining({
          company_name: 'Rør & Strøm Oslo AS',
          declaration_defaults: {
            registration: '987654',
            norms: 'NEK 400:2022, NEK 405',
            risk: ['Fuktig rom', 'Barn i huset'],
            checks: ['Isolasjonsmåling', 'Jordfeilbryter testet'],
          },
        }),
      },
    ])
  })

  it('sends an emptied registration number as none', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<DeclarationDefaultsForm settings={settings} />)
    await user.clear(screen.getByLabelText('Registreringsnummer i Elvirksomhetsregisteret'))
    await user.type(screen.getByLabelText('Registreringsnummer i Elvirksomhetsregisteret'), '   ')
    await user.click(screen.getByRole('button', { name: 'Lagre erklæringsstandard' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({ declaration_defaults: { registration: null } })
  })

  it("puts the server's message on a list under that list, and keeps what was typed", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: {
        error: 'Noen felt mangler eller er ugyldige.',
        fields: { 'declaration_defaults.checks': 'Høyst 40 punkter i listen, hvert på høyst 300 tegn.' },
      },
    }))
    renderWithProviders(<DeclarationDefaultsForm settings={settings} />)
    await user.clear(screen.getByLabelText('Normer'))
    await user.type(screen.getByLabelText('Sluttkontroll (ett punkt per linje)'), '{Enter}Kontinuitet')
    await user.click(screen.getByRole('button', { name: 'Lagre erklæringsstandard' }))
    expect(await screen.findByText('Høyst 40 punkter i listen, hvert på høyst 300 tegn.')).toBeInTheDocument()
    expect(screen.getByLabelText('Sluttkontroll (ett punkt per linje)')).toHaveAccessibleDescription('Høyst 40 punkter i listen, hvert på høyst 300 tegn.')
    expect(screen.getByLabelText('Risikovurdering (ett punkt per linje)')).not.toHaveAccessibleDescription(/Høyst/)
    expect(screen.getByLabelText('Normer')).toHaveValue('')
    expect(screen.getByLabelText('Sluttkontroll (ett punkt per linje)')).toHaveValue('Isolasjonsmåling\nKontinuitet')
  })

  it("puts the server's message on the risk list under the risk list", async () => {
    const user = userEvent.setup()
    const message = 'Høyst 40 punkter i listen, hvert på høyst 300 tegn.'
    answerApi(() => ({ status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { 'declaration_defaults.risk': message } } }))
    renderWithProviders(<DeclarationDefaultsForm settings={settings} />)
    await user.click(screen.getByRole('button', { name: 'Lagre erklæringsstandard' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText('Risikovurdering (ett punkt per linje)')).toHaveAccessibleDescription(message)
    expect(screen.getByLabelText('Sluttkontroll (ett punkt per linje)')).not.toHaveAccessibleDescription(message)
  })
})
