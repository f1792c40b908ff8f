import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { NewUserDialog, PasswordDialog } from './user-dialogs'

afterEach(() => vi.unstubAllGlobals())

const kari = { id: '01a2', name: 'Kari', email: 'kari@fagfolk.test', role: 'admin' as const, is_active: true, phone: null, last_login_at: null, created_at: '2026-11-01T10:00:00Z' }

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

describe('NewUserDialog', () => {
  it('says what is missing under each field, then puts the server\'s message under its field and keeps what was typed', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { password: 'Passordet må ha minst 12 tegn.' } },
    }))
    renderWithProviders(<NewUserDialog open onOpenChange={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Ny admin-bruker' })
    await user.click(within(dialog).getByRole('button', { name: 'Opprett' }))
    expect(within(dialog).getByText('Navn er påkrevd.')).toBeInTheDocument()
    expect(within(dialog).getByText('Passord er påkrevd.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Navn'), 'Petter Prosjekt')
    await user.type(within(dialog).getByLabelText('E-post'), 'petter@fagfolk.test')
    await user.type(within(dialog).getByLabelText('Passord'), 'kort')
    await user.selectOptions(within(dialog).getByLabelText('Rolle'), 'editor')
    await user.click(within(dialog).getByRole('button', { name: 'Opprett' }))
    expect(await within(dialog).findByText('Passordet må ha minst 12 tegn.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Passord')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText('Navn')).toHaveValue('Petter Prosjekt')
    expect(within(dialog).getByLabelText('E-post')).toHaveValue('petter@fagfolk.test')
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/users',
      body: { name: 'Petter Prosjekt', email: 'petter@fagfolk.test', password: 'kort', role: 'editor' },
    })
  })
})
