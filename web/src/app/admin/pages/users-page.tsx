import { KeyRound, Plus, Power, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/components/auth-provider'
import { type AdminUserView, useDeleteUser, useUpdateUser, useUsers } from '@/features/users/api/users'
import { NewUserDialog, PasswordDialog, ROLE_LABEL } from '@/features/users/components/user-dialogs'
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
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Navn</th>
                <th scope="col" className="px-4 py-3">E-post</th>
                <th scope="col" className="px-4 py-3">Rolle</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">Sist innlogget</th>
                <th scope="col" className="px-4 py-3 text-right">Handlinger</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {users.data.map((user) => (
                <tr
                  key={user.id}
                  ref={user.id === highlight ? highlighted : undefined}
                  data-highlighted={user.id === highlight || undefined}
                  className={cn(user.id === highlight && 'bg-accent/15 outline-2 outline-accent')}
                >
                  <td className="px-4 py-3 font-semibold">
                    {user.name}
                    {user.id === me?.id && <span className="ml-2 text-xs font-normal text-muted-foreground">(deg)</span>}
                  </td>
                  <td className="px-4 py-3">{user.email}</td>
                  <td className="px-4 py-3">{ROLE_LABEL[user.role]}</td>
                  <td className="px-4 py-3">
                    <span
                      className={cn(
                        'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                        user.is_active ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100' : 'bg-muted text-muted-foreground',
                      )}
                    >
                      {user.is_active ? 'Aktiv' : 'Deaktivert'}
                    </span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{user.last_login_at ? formatDateTime(user.last_login_at) : 'Aldri'}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      {(isAdmin || user.id === me?.id) && (
                        <Button variant="ghost" size="sm" onClick={() => setPasswordFor(user)}>
                          <KeyRound aria-hidden="true" />
                          Endre passord
                        </Button>
                      )}
                      {isAdmin && user.id !== me?.id && (
                        <Button variant="ghost" size="sm" onClick={() => toggleActive(user)}>
                          <Power aria-hidden="true" />
                          {user.is_active ? 'Deaktiver' : 'Aktiver'}
                        </Button>
                      )}
                      {isAdmin && user.id !== me?.id && (
                        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10" onClick={() => setDeleting(user)}>
                          <Trash2 aria-hidden="true" />
                          Slett
                        </Button>
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
