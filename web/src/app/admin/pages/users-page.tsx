import { KeyRound, type LucideIcon, Pencil, Plus, Power, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { EmailText } from '@/components/email-text'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/components/auth-provider'
import { type AdminUserView, useDeleteUser, useUpdateUser, useUsers } from '@/features/users/api/users'
import { EditUserDialog, NewUserDialog, PasswordDialog, ROLE_LABEL } from '@/features/users/components/user-dialogs'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useAdminTitle } from '../use-admin-title'


export function UsersPage() {
  useAdminTitle('Brukere')
  const toast = useToast()
  const { user: me } = useAuth()
  // Editors may look, and change their own password; managing users is for admins.
  const isAdmin = me?.role === 'admin'
  const users = useUsers()
  const update = useUpdateUser()
  const remove = useDeleteUser()
  const [params] = useSearchParams()
  const highlight = params.get('user')
  const highlighted = useRef<HTMLTableRowElement>(null)
  const [creating, setCreating] = useState(false)
  const [passwordFor, setPasswordFor] = useState<AdminUserView | null>(null)
  const [editing, setEditing] = useState<AdminUserView | null>(null)
  const [deleting, setDeleting] = useState<AdminUserView | null>(null)

  useEffect(() => {
    if (users.data && highlight) highlighted.current?.scrollIntoView({ block: 'center' })
  }, [users.data, highlight])

  async function toggleActive(user: AdminUserView) {
    try {
      await update.mutateAsync({ id: user.id, is_active: !user.is_active })
      toast({ title: 'Oppdatert', description: user.is_active ? `${user.name} er deaktivert.` : `${user.name} er aktivert.` })
    } catch (error) {
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast({ title: 'Slettet' })
    } catch (error) {
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    } finally {
      setDeleting(null)
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Brukere</h1>
        {isAdmin && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Ny admin-bruker
          </Button>
        )}
      </div>
      <div className="mt-6 overflow-x-auto rounded-xl border border-border bg-card">
        {users.isPending ? (
          <Spinner label="Laster..." />
        ) : users.isError ? (
          <p className="p-6 text-destructive">Kunne ikke hente brukerne. Prøv igjen.</p>
        ) : (
          // Fits its width with the sidebar open and on a phone (#25): the address sits under
          // the name, the role over the status, the last sign-in shows from 48rem, and the
          // actions are icons with their names until there is room for the words.
          <table className="w-full text-left text-sm">
            <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Navn og e-post</th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">Rolle</th>
                <th scope="col" className="hidden px-4 py-3 lg:table-cell">Sist innlogget</th>
                <th scope="col" className="px-2 py-3 text-right sm:px-4">
                  <span className="sr-only sm:not-sr-only">Handlinger</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {users.data.map((user) => (
                <tr
                  key={user.id}
                  ref={user.id === highlight ? highlighted : undefined}
                  data-highlighted={user.id === highlight || undefined}
                  className={cn('align-top', user.id === highlight && 'bg-accent/15 outline-2 outline-accent')}
                >
                  <td className="px-4 py-3">
                    <p className="font-semibold">
                      {user.name}
                      {user.id === me?.id && <span className="ml-2 text-xs font-normal text-muted-foreground">(deg)</span>}
                    </p>
                    <p className="text-muted-foreground">
                      <EmailText email={user.email} />
                    </p>
                    {user.phone && <p className="text-muted-foreground">{user.phone}</p>}
                    <p className="mt-1 sm:hidden">
                      {ROLE_LABEL[user.role]} · <UserStatus active={user.is_active} />
                    </p>
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">
                    <p>{ROLE_LABEL[user.role]}</p>
                    <p className="mt-1">
                      <UserStatus active={user.is_active} />
                    </p>
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap lg:table-cell">
                    {user.last_login_at ? formatDateTime(user.last_login_at) : 'Aldri'}
                  </td>
                  <td className="px-2 py-2 sm:px-4">
                    <div className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end">
                      {isAdmin && <RowAction label="Endre" name={user.name} icon={Pencil} onClick={() => setEditing(user)} />}
                      {(isAdmin || user.id === me?.id) && (
                        <RowAction label="Endre passord" name={user.name} icon={KeyRound} onClick={() => setPasswordFor(user)} />
                      )}
                      {isAdmin && user.id !== me?.id && (
                        <RowAction
                          label={user.is_active ? 'Deaktiver' : 'Aktiver'}
                          name={user.name}
                          icon={Power}
                          onClick={() => toggleActive(user)}
                        />
                      )}
                      {isAdmin && user.id !== me?.id && (
                        <RowAction label="Slett" name={user.name} icon={Trash2} destructive onClick={() => setDeleting(user)} />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <NewUserDialog open={creating} onOpenChange={setCreating} />
      <EditUserDialog user={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <PasswordDialog user={passwordFor} own={passwordFor?.id === me?.id} onOpenChange={(open) => !open && setPasswordFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Slett admin-bruker? Dette kan ikke angres."
        description={`Brukeren med e-post ${deleting?.email ?? ''} blir slettet.`}
        confirmLabel="Slett"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  )
}

function UserStatus({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-semibold',
        active ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100' : 'bg-muted text-muted-foreground',
      )}
    >
      {active ? 'Aktiv' : 'Deaktivert'}
    </span>
  )
}

/** A row's action: its word beside the icon from 96rem, below that the icon with the word
 * as its name (read aloud, and shown on hover), so the row never runs out of the table. */
function RowAction({
  label,
  name,
  icon: Icon,
  destructive,
  onClick,
}: {
  label: string
  name: string
  icon: LucideIcon
  destructive?: boolean
  onClick: () => void
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('h-9 px-2 2xl:px-3', destructive && 'text-destructive hover:bg-destructive/10')}
      onClick={onClick}
      title={`${label}: ${name}`}
    >
      <Icon aria-hidden="true" />
      <span className="sr-only 2xl:not-sr-only">{label}</span>
    </Button>
  )
}
