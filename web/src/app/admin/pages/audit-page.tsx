import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Input, Label } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { type AuditEntry, useAudit, useClearAudit } from '@/features/audit/api/audit'
import { useAuth } from '@/features/auth/components/auth-provider'
import { formatDateTime } from '@/lib/format'
import { useAdminTitle } from '../use-admin-title'

/** A filter in the browser over the loaded entries: on action, table and id. */
export function matchesAudit(entry: AuditEntry, text: string): boolean {
  const needle = text.trim().toLowerCase()
  if (!needle) return true
  return [entry.action, entry.entity_type, entry.entity_id ?? ''].some((v) => v.toLowerCase().includes(needle))
}

export function AuditPage() {
  useAdminTitle('Logg/Audit')
  const toast = useToast()
  const audit = useAudit()
  const clear = useClearAudit()
  const [filter, setFilter] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { user } = useAuth()
  const entries = (audit.data ?? []).filter((entry) => matchesAudit(entry, filter))

  async function confirmClear() {
    try {
      await clear.mutateAsync()
      toast({ title: 'Logger tømt', description: 'Alle audit logger ble slettet.' })
    } catch {
      toast({ title: 'Feil', description: 'Kunne ikke tømme logger.', variant: 'destructive' })
    } finally {
      setConfirming(false)
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Logg/Audit</h1>
        {user?.role === 'admin' && (
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Tøm logger
          </Button>
        )}
      </div>
      <div className="mt-6 max-w-md">
        <Label htmlFor="audit-filter">Filtrer på handling, tabell eller id</Label>
        <Input id="audit-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      <div className="mt-5 overflow-x-auto rounded-xl border border-border bg-card">
        {audit.isPending ? (
          <Spinner label="Laster..." />
        ) : audit.isError ? (
          <p className="p-6 text-destructive">Kunne ikke hente loggen. Prøv igjen.</p>
        ) : (
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Tid</th>
                <th scope="col" className="px-4 py-3">Handling</th>
                <th scope="col" className="px-4 py-3">Tabell</th>
                <th scope="col" className="px-4 py-3">Entitet</th>
                <th scope="col" className="px-4 py-3">Bruker</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-2.5 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
                  <td className="px-4 py-2.5 font-medium">{entry.action}</td>
                  <td className="px-4 py-2.5">{entry.entity_type}</td>
                  <td className="px-4 py-2.5 font-mono text-xs">{entry.entity_id ?? '–'}</td>
                  <td className="px-4 py-2.5">{entry.performed_by ?? '–'}</td>
                </tr>
              ))}
              {entries.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-4 py-8 text-center text-muted-foreground">
                    Ingen hendelser i loggen.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Tøm alle logger?"
        description="Alle audit-logger slettes permanent. Dette kan ikke angres."
        confirmLabel="Tøm logger"
        busyLabel="Tømmer..."
        busy={clear.isPending}
        onConfirm={confirmClear}
      />
    </>
  )
}
