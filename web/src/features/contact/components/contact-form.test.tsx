import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { ContactForm } from './contact-form'

afterEach(() => vi.unstubAllGlobals())

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Navn *'), 'Kari Nordmann')
  await user.type(screen.getByLabelText('Telefon *'), '912 34 567')
  await user.type(screen.getByLabelText('E-post *'), 'kari@eksempel')
  await user.type(screen.getByLabelText('Prosjektbeskrivelse *'), 'Sikringen går.')
  await user.click(screen.getByRole('button', { name: 'Send forespørsel' }))
}

describe('ContactForm', () => {
  it('sends the fields, and shows the server\'s field message under its field without losing anything', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { email: 'Skriv en gyldig e-postadresse, for eksempel navn@eksempel.no.' } },
    }))
    renderWithProviders(<ContactForm />)
    await fillIn(user)
    expect(await screen.findByText('Skriv en gyldig e-postadresse, for eksempel navn@eksempel.no.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-post *')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Navn *')).toHaveValue('Kari Nordmann')
    expect(screen.getByLabelText('Prosjektbeskrivelse *')).toHaveValue('Sikringen går.')
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/contact',
      body: { name: 'Kari Nordmann', phone: '912 34 567', email: 'kari@eksempel', message: 'Sikringen går.', service: null },
    })
  })

  it('shows a message without fields (the contact limit) as a notice', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 429, body: { error: 'Du har sendt mange henvendelser på kort tid. Vent litt og prøv igjen, eller ring oss.' } }))
    renderWithProviders(<ContactForm />)
    await fillIn(user)
    const form = screen.getByRole('form', { name: 'Kontaktskjema' })
    expect(await within(form).findByRole('alert')).toHaveTextContent('Du har sendt mange henvendelser på kort tid.')
    expect(screen.getByLabelText('Telefon *')).toHaveValue('912 34 567')
  })

  it('empties itself and thanks the visitor when the enquiry is stored', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 201, body: { id: '01a2', message: 'Takk for henvendelsen! Vi kontakter deg innen 24 timer.' } }))
    renderWithProviders(<ContactForm />)
    await fillIn(user)
    // The thanks is announced as a whole (it repeats what was sent below its first line).
    const thanks = await screen.findByText('Takk for henvendelsen! Vi har fått den og kontakter deg innen 24 timer.')
    expect(thanks.closest('[role="status"]')).toHaveAttribute('data-contact-thanks')
    expect(screen.getByLabelText('Navn *')).toHaveValue('')
  })
})
