import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { PasswordDialog } from './user-dialogs'

afterEach(() => vi.unstubAllGlobals())

const kari = { id: '01a2', name: 'Kari', email: 'kari@fagfolk.test', role: 'admin' as const, is_active: true, last_login_at: null, created_at: '2026-11-01T10:00:00Z' }

describe('PasswordDialog', () => {
  it('asks for your current password when it is your own, and shows the server\'s field message', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { current_password: 'Passordet du bruker nå, er feil.' } },
    }))
    renderWithProviders(<PasswordDialog user={kari} own onOpenChange={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Endre passord' })
    await user.click(screen.getByRole('button', { name: 'Lagre passord' }))
    expect(within(dialog).getByText('Skriv inn passordet du bruker nå.')).toBeInTheDocument()
    expect(within(dialog).getByText('Nytt passord er påkrevd.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)

    await user.type(screen.getByLabelText('Nåværende passord'), 'gjettet feil')
    await user.type(screen.getByLabelText('Nytt passord'), 'et nytt og langt passord')
    await user.click(screen.getByRole('button', { name: 'Lagre passord' }))
    expect(await within(dialog).findByText('Passordet du bruker nå, er feil.')).toBeInTheDocument()
    expect(screen.getByLabelText('Nåværende passord')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Nytt passord')).toHaveValue('et nytt og langt passord')
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/users/01a2/password',
      body: { password: 'et nytt og langt passord', current_password: 'gjettet feil' },
    })
    expect(dialog).toBeInTheDocument()
  })

  it('does not ask an admin for anything but the new password of someone else', async () => {
    const user = userEvent.setup()
    const closed = vi.fn()
    const sent = answerApi(() => ({ status: 204 }))
    renderWithProviders(<PasswordDialog user={kari} own={false} onOpenChange={closed} />)
    expect(screen.queryByLabelText('Nåværende passord')).toBeNull()
    await user.type(screen.getByLabelText('Nytt passord'), 'satt av administrator')
    await user.click(screen.getByRole('button', { name: 'Lagre passord' }))
    expect(await screen.findByText('Passord oppdatert')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({ password: 'satt av administrator' })
    expect(closed).toHaveBeenCalledWith(false)
  })
})
