import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { PersonSearch } from './person-search'
import { RetentionRule } from './retention-rule'

afterEach(() => vi.unstubAllGlobals())

describe('PersonSearch', () => {
  it("puts the server's message under the field and keeps what was typed", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { person: 'Skriv en e-postadresse eller et telefonnummer.' } },
    }))
    renderWithProviders(<PersonSearch />)

    await user.type(screen.getByLabelText('E-post eller telefon'), 'kari nordmann')
    await user.click(screen.getByRole('button', { name: 'Finn opplysninger' }))

    expect(await screen.findByText('Skriv en e-postadresse eller et telefonnummer.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-post eller telefon')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-post eller telefon')).toHaveValue('kari nordmann')
    expect(sent).toEqual([{ method: 'POST', path: '/api/admin/privacy/lookup', body: { person: 'kari nordmann' } }])
  })
})

describe('RetentionRule', () => {
  it("starts from the saved rule, and puts the server's message under the choice", async () => {
    const user = userEvent.setup()
    const sent = answerApi((call) =>
      call.method === 'GET'
        ? { status: 200, body: { months: 24 } }
        : { status: 422, body: { error: 'Noen felt mangler eller er ugyldige.', fields: { months: 'Velg mellom 1 og 120 måneder, eller slå regelen av.' } } },
    )
    renderWithProviders(<RetentionRule editable />)

    const choice = await screen.findByLabelText('Anonymiser vunne og tapte leads etter')
    expect(choice).toHaveValue('24')
    await user.selectOptions(choice, '36')
    await user.click(screen.getByRole('button', { name: 'Lagre sletteregel' }))

    expect(await screen.findByText('Velg mellom 1 og 120 måneder, eller slå regelen av.')).toBeInTheDocument()
    expect(screen.getByLabelText('Anonymiser vunne og tapte leads etter')).toHaveValue('36')
    expect(sent.at(-1)).toEqual({ method: 'PUT', path: '/api/admin/privacy/retention', body: { months: 36 } })
  })
})
