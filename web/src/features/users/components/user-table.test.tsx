import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AdminUserView } from '../api/users'
import { UserTable } from './user-table'

const kari: AdminUserView = {
  id: '01a2',
  name: 'Kari Admin',
  email: 'kari@fagfolk.test',
  role: 'admin',
  is_active: true,
  phone: null,
  last_login_at: '2026-11-02T09:30:00Z',
  created_at: '2026-11-01T10:00:00Z',
}
const dina: AdminUserView = {
  id: '01b3',
  name: 'Dina Deaktiv',
  email: 'dina@fagfolk.test',
  role: 'editor',
  is_active: false,
  phone: null,
  last_login_at: null,
  created_at: '2026-11-01T11:00:00Z',
}

function renderTable(handlers: Partial<Record<'onEdit' | 'onPassword' | 'onToggleActive' | 'onDelete', () => void>> = {}) {
  render(
    <UserTable
      users={[kari, dina]}
      me={kari.id}
      isAdmin
      onEdit={handlers.onEdit ?? vi.fn()}
      onPassword={handlers.onPassword ?? vi.fn()}
      onToggleActive={handlers.onToggleActive ?? vi.fn()}
      onDelete={handlers.onDelete ?? vi.fn()}
    />,
  )
}

/** The text of each column's cell in the row of the user with `email`, by its header. */
function rowByHeader(email: string): Record<string, string> {
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '')
  const row = screen.getAllByRole('row').find((r) => within(r).queryAllByText(email).length > 0)
  if (!row) throw new Error(`no row for ${email}`)
  const cells = within(row).getAllByRole('cell')
  return Object.fromEntries(headers.map((header, index) => [header, cells[index]?.textContent ?? '']))
}

describe('UserTable', () => {
  it('has a header of its own for each column the specification names, and one for the actions', () => {
    renderTable()
    const headers = screen.getAllByRole('columnheader')
    // The spec ("Brukere"): "Table with Navn, E-post, Rolle, Status (Aktiv/Deaktivert), Sist innlogget and actions".
    expect(headers.map((header) => header.textContent)).toEqual(['Navn', 'E-post', 'Rolle', 'Status', 'Sist innlogget', 'Handlinger'])
    for (const header of headers) {
      expect(header.tagName).toBe('TH')
      expect(header).toHaveAttribute('scope', 'col')
    }
  })

  it('says Aktiv or Deaktivert under Status, and each value under its own header', () => {
    renderTable()
    expect(rowByHeader('kari@fagfolk.test')).toMatchObject({
      'E-post': 'kari@fagfolk.test',
      Rolle: 'Administrator',
      Status: 'Aktiv',
    })
    expect(rowByHeader('kari@fagfolk.test').Navn).toMatch(/^Kari Admin\(deg\)/)
    expect(rowByHeader('kari@fagfolk.test')['Sist innlogget']).toMatch(/2026/)
    expect(rowByHeader('dina@fagfolk.test')).toMatchObject({
      'E-post': 'dina@fagfolk.test',
      Rolle: 'Redaktør',
      Status: 'Deaktivert',
      'Sist innlogget': 'Aldri',
    })
  })

  it('offers an admin the actions on another user\'s row, and only the password on their own', async () => {
    const user = userEvent.setup()
    const onToggleActive = vi.fn()
    const onDelete = vi.fn()
    renderTable({ onToggleActive, onDelete })
    const own = screen.getAllByRole('row').find((r) => within(r).queryAllByText('kari@fagfolk.test').length > 0)!
    expect(within(own).getAllByRole('button').map((b) => b.textContent)).toEqual(['Endre', 'Endre passord'])

    const other = screen.getAllByRole('row').find((r) => within(r).queryAllByText('dina@fagfolk.test').length > 0)!
    await user.click(within(other).getByRole('button', { name: 'Aktiver' }))
    expect(onToggleActive).toHaveBeenCalledWith(dina)
    await user.click(within(other).getByRole('button', { name: 'Slett' }))
    expect(onDelete).toHaveBeenCalledWith(dina)
  })
})
