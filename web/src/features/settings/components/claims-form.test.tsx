import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { ClaimsForm } from './claims-form'
import { exampleSettings } from './settings.fixture'

afterEach(() => vi.unstubAllGlobals())

const settings = exampleSettings

describe('ClaimsForm', () => {
  it('sends the promises that are on with the company facts as saved, and confirms them', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<ClaimsForm settings={settings} />)
    await user.click(screen.getByLabelText(/Døgnvakt 24\/7/))
    await user.click(screen.getByLabelText(/innen en time/))
    await user.clear(screen.getByLabelText('Garanti på arbeidet (år)'))
    await user.type(screen.getByLabelText('Garanti på arbeidet (år)'), '3')
    await user.click(screen.getByLabelText(/Dette stemmer for oss/))
    await user.click(screen.getByRole('button', { name: 'Lagre løftene' }))
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/settings',
      body: {
        company_name: 'Rør & Strøm Oslo AS',
        global_phone_primary: '23 45 67 89',
        claims: { on_call: false, leak_within_hour: false, binding_price: true, warranty_years: 3, free_visit: true, confirmed: true },
      },
    })
  })

  it('puts the server\'s message under the warranty and keeps the switches as they were set', async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: {
        error: 'Noen felt mangler eller er ugyldige.',
        fields: { 'claims.warranty_years': 'Skriv antall år med garanti (1 til 30), eller la feltet stå tomt.' },
      },
    }))
    renderWithProviders(<ClaimsForm settings={settings} />)
    await user.click(screen.getByLabelText('Gratis befaring'))
    await user.click(screen.getByRole('button', { name: 'Lagre løftene' }))
    expect(await screen.findByText('Skriv antall år med garanti (1 til 30), eller la feltet stå tomt.')).toBeInTheDocument()
    expect(screen.getByLabelText('Garanti på arbeidet (år)')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Gratis befaring')).not.toBeChecked()
    expect(screen.getByLabelText(/Døgnvakt 24\/7/)).toBeChecked()
  })

  it('refuses a warranty of 40 years before sending anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: settings }))
    renderWithProviders(<ClaimsForm settings={settings} />)
    await user.clear(screen.getByLabelText('Garanti på arbeidet (år)'))
    await user.type(screen.getByLabelText('Garanti på arbeidet (år)'), '40')
    await user.click(screen.getByRole('button', { name: 'Lagre løftene' }))
    expect(await screen.findByText('Skriv antall år med garanti (1 til 30), eller la feltet stå tomt.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })
})
