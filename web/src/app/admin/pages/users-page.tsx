import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/components/auth-provider'
import { type AdminUserView, useDeleteUser, useUpdateUser, useUsers } from '@/features/users/api/users'
import { SessionsDialog } from '@/features/users/components/sessions-dialog'
import { EditUserDialog, NewUserDialog, PasswordDialog } from '@/features/users/components/user-dialogs'
import { UserTable } from '@/features/users/components/user-table'
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
  const [creating, setCreating] = useState(false)
  const [passwordFor, setPasswordFor] = useState<AdminUserView | null>(null)
  const [editing, setEditing] = useState<AdminUserView | null>(null)
  const [deleting, setDeleting] = useState<AdminUserView | null>(null)
  const [sessionsOf, setSessionsOf] = useState<AdminUserView | null>(null)

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
      <div className="mt-6">
        {users.isPending ? (
          <div className="rounded-xl border border-border bg-card">
            <Spinner label="Laster..." />
          </div>
        ) : users.isError ? (
          <p className="rounded-xl border border-border bg-card p-6 text-destructive">Kunne ikke hente brukerne. Prøv igjen.</p>
        ) : (
          <UserTable
            users={users.data}
            me={me?.id}
            isAdmin={isAdmin}
            highlight={params.get('user')}
            onEdit={setEditing}
            onPassword={setPasswordFor}
            onToggleActive={toggleActive}
            onDelete={setDeleting}
            onSessions={setSessionsOf}
          />
        )}
      </div>
      <NewUserDialog open={creating} onOpenChange={setCreating} />
      <SessionsDialog user={sessionsOf} onOpenChange={(open) => !open && setSessionsOf(null)} />
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
