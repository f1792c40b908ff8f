import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { ForgotPasswordForm, NewPasswordForm } from './reset-forms'

afterEach(() => vi.unstubAllGlobals())

describe('ForgotPasswordForm', () => {
  it('says a link is on its way without saying whether the address is a user', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 202, body: { by_email: true } }))
    renderWithProviders(<ForgotPasswordForm />)
    await user.type(screen.getByLabelText('E-post'), 'kari@firma.no')
    await user.click(screen.getByRole('button', { name: 'Send lenke' }))
    expect(await screen.findByText(/^Hvis adressen hører til en bruker, har vi sendt en lenke dit\./)).toHaveAttribute('role', 'status')
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/auth/password-reset', body: { email: 'kari@firma.no' } })
  })

  it('without e-mail on the server, says to ask an administrator', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 202, body: { by_email: false } }))
    renderWithProviders(<ForgotPasswordForm />)
    await user.type(screen.getByLabelText('E-post'), 'kari@firma.no')
    await user.click(screen.getByRole('button', { name: 'Send lenke' }))
    expect(await screen.findByText(/Be en administrator sette et nytt passord for deg under Brukere\./)).toHaveAttribute('role', 'status')
  })
})

describe('NewPasswordForm', () => {
  it('refuses two different passwords, then shows why the server refused the link and keeps what was typed', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { token: 'Lenken er brukt eller utløpt. Be om en ny under «Glemt passord?».' } },
    }))
    const onDone = vi.fn()
    renderWithProviders(<NewPasswordForm token="abc" onDone={onDone} />)
    await user.type(screen.getByLabelText('Nytt passord'), 'en lang og god setning')
    await user.type(screen.getByLabelText('Gjenta nytt passord'), 'en lang og god setnin')
    await user.click(screen.getByRole('button', { name: 'Sett nytt passord' }))
    expect(await screen.findByText('Passordene er ikke like.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.type(screen.getByLabelText('Gjenta nytt passord'), 'g')
    await user.click(screen.getByRole('button', { name: 'Sett nytt passord' }))
    expect(await screen.findByText(/^Lenken er brukt eller utløpt\./)).toHaveAttribute('role', 'alert')
    expect(sent[0]).toMatchObject({ path: '/api/auth/password-reset/confirm', body: { token: 'abc', password: 'en lang og god setning' } })
    expect(screen.getByLabelText('Nytt passord')).toHaveValue('en lang og god setning')
    expect(onDone).not.toHaveBeenCalled()
  })
})
