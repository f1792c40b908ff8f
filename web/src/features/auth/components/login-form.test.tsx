import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { LanguageProvider, translate } from '@/lib/i18n'
import { norwegianIn, screenText } from '@/lib/i18n/norwegian'
import { renderWithProviders } from '@/test-render'
import { LoginForm } from './login-form'

describe('LoginForm', () => {
  it("puts the server's message under its field and keeps what was typed", async () => {
    const user = userEvent.setup()
    const refused = new ApiError(422, {
      error: 'Noen felt mangler eller er ugyldige.',
      fields: { email: 'Skriv en gyldig e-postadresse.' },
    })
    const login = vi.fn().mockResolvedValue({ success: false, error: refused.message, cause: refused })
    const onRefused = vi.fn()
    renderWithProviders(<LoginForm login={login} onRefused={onRefused} />)

    await user.type(screen.getByLabelText('E-post'), 'kari@')
    await user.type(screen.getByLabelText('Passord'), 'hemmelig passord')
    await user.click(screen.getByRole('button', { name: 'Logg inn' }))

    expect(await screen.findByText('Skriv en gyldig e-postadresse.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-post')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@')
    expect(screen.getByLabelText('Passord')).toHaveValue('hemmelig passord')
    expect(login).toHaveBeenCalledWith('kari@', 'hemmelig passord', false)
    expect(onRefused).not.toHaveBeenCalled()
  })

  it('says a wrong password without sending an empty form, and posts rather than gets', async () => {
    const user = userEvent.setup()
    const login = vi.fn().mockResolvedValue({ success: false, error: 'Ugyldig e-post eller passord' })
    const onRefused = vi.fn()
    renderWithProviders(<LoginForm login={login} onRefused={onRefused} />)
    expect(screen.getByRole('button', { name: 'Logg inn' }).closest('form')).toHaveAttribute('method', 'post')

    await user.click(screen.getByRole('button', { name: 'Logg inn' }))
    expect(await screen.findByText('E-post er påkrevd.')).toBeInTheDocument()
    expect(screen.getByText('Passord er påkrevd.')).toBeInTheDocument()
    expect(login).not.toHaveBeenCalled()

    await user.type(screen.getByLabelText('E-post'), 'kari@firma.no')
    await user.type(screen.getByLabelText('Passord'), 'feil')
    await user.click(screen.getByRole('button', { name: 'Logg inn' }))
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith('Ugyldig e-post eller passord'))
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@firma.no')
  })

  for (const language of ['pl', 'en'] as const) {
    it(`shows no Norwegian in ${language}, its refusals neither (#75 point 6)`, async () => {
      const user = userEvent.setup()
      const refused = new ApiError(422, { error: 'Noen felt mangler eller er ugyldige.', fields: { email: 'Skriv en gyldig e-postadresse.' } })
      const login = vi
        .fn()
        .mockResolvedValueOnce({ success: false, error: refused.message, cause: refused })
        .mockResolvedValueOnce({ success: false, error: 'En feil oppstod under innlogging' })
      const onRefused = vi.fn()
      const { container } = renderWithProviders(
        <LanguageProvider language={language}>
          <LoginForm login={login} onRefused={onRefused} />
        </LanguageProvider>,
      )
      await user.click(screen.getByRole('button', { name: translate(language, 'login.submit') }))
      expect(await screen.findByText(translate(language, 'login.emailRequired'))).toBeInTheDocument()
      await user.type(screen.getByLabelText(translate(language, 'login.email')), 'kari@')
      await user.type(screen.getByLabelText(translate(language, 'login.password')), 'hemmelig')
      await user.click(screen.getByRole('button', { name: translate(language, 'login.submit') }))
      expect(await screen.findByText(translate(language, 'server.badEmail'))).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: translate(language, 'login.submit') }))
      await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith(translate(language, 'server.loginError')))
      const text = screenText(container)
      expect(norwegianIn(text), text).toBeNull()
    })
  }
})
