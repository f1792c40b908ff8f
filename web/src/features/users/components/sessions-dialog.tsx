import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import { type AdminUserView, useEndSession, useSessions } from '../api/users'

/** Where a user is signed in, and the way to end a session (a lost phone): a remembered
 * one ("Husk meg på denne enheten") lives 30 days from its last use. */
export function SessionsDialog({ user, onOpenChange }: { user: AdminUserView | null; onOpenChange: (open: boolean) => void }) {
  const sessions = useSessions(user?.id ?? null)
  const end = useEndSession(user?.id ?? '')
  const toast = useToast()
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange} title="Innlogginger" description={user ? `For ${user.name} (${user.email})` : undefined}>
      {sessions.isPending ? (
        <Spinner label="Laster..." />
      ) : !sessions.data || sessions.data.length === 0 ? (
        <p className="text-muted-foreground">Ikke innlogget noe sted.</p>
      ) : (
        <ul className="grid gap-3">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
              <span>
                <span className="font-semibold">{session.remembered ? 'Husket enhet (30 dager)' : 'Vanlig innlogging (et døgn)'}</span>
                <span className="block text-muted-foreground">
                  Logget inn {formatDateTime(session.created_at)}, sist brukt {formatDateTime(session.last_used_at ?? session.created_at)}, varer til{' '}
                  {formatDateTime(session.expires_at)}
                </span>
                {session.device && <span className="block break-all text-muted-foreground">{session.device}</span>}
              </span>
              <Button
                type="button"
                variant="outline"
                disabled={end.isPending}
                onClick={() =>
                  end.mutate(session.id, {
                    onSuccess: () => toast({ title: 'Økten er avsluttet', description: 'Enheten er logget ut.' }),
                    onError: (error) => toast({ title: 'Feil', description: error.message, variant: 'destructive' }),
                  })
                }
              >
                Logg ut enheten
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
