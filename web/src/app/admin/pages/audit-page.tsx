import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input, Label, Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { AUDIT_PER_PAGE, type AuditEntry, type AuditFilter, useAudit } from '@/features/audit/api/audit'
import { ClearDialog } from '@/features/audit/components/clear-dialog'
import { actionWord, changeLines, typeWord } from '@/features/audit/words'
import { useAuth } from '@/features/auth/components/auth-provider'
import { formatDateTime } from '@/lib/format'
import { useAdminTitle } from '../use-admin-title'

/** A filter in the browser over the page shown: on action, table and id, in the words
 * shown or as stored. */
export function matchesAudit(entry: AuditEntry, text: string): boolean {
  const needle = text.trim().toLowerCase()
  if (!needle) return true
  return [
    entry.action,
    actionWord(entry.action),
    entry.entity_type,
    typeWord(entry.entity_type),
    entry.entity_id ?? '',
    entry.entity_name ?? '',
  ].some((v) => v.toLowerCase().includes(needle))
}

export function AuditPage() {
  useAdminTitle('Logg/Audit')
  const [filter, setFilter] = useState<AuditFilter>({ user: '', entityType: '', from: '', to: '', page: 1 })
  const [text, setText] = useState('')
  const [clearing, setClearing] = useState(false)
  const audit = useAudit(filter)
  const { user } = useAuth()
  const data = audit.data
  const entries = (data?.items ?? []).filter((entry) => matchesAudit(entry, text))
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PER_PAGE)) : 1
  const set = (change: Partial<AuditFilter>) => setFilter({ ...filter, ...change, page: 1 })

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Logg/Audit</h1>
        {user?.role === 'admin' && (
          <Button variant="destructive" onClick={() => setClearing(true)}>
            <Trash2 aria-hidden="true" />
            Tøm logger
          </Button>
        )}
      </div>
      <div className="mt-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 xl:grid-cols-5">
        <div>
          <Label htmlFor="audit-user">Bruker</Label>
          <Select id="audit-user" value={filter.user} onChange={(e) => set({ user: e.target.value })}>
            <option value="">Alle brukere</option>
            {(data?.users ?? []).map((who) => (
              <option key={who}>{who}</option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="audit-type">Type</Label>
          <Select id="audit-type" value={filter.entityType} onChange={(e) => set({ entityType: e.target.value })}>
            <option value="">Alle typer</option>
            {(data?.entity_types ?? []).map((type) => (
              <option key={type} value={type}>
                {typeWord(type)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="audit-from">Fra dato</Label>
          <Input id="audit-from" type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div>
          <Label htmlFor="audit-to">Til dato</Label>
          <Input id="audit-to" type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
        <div>
          <Label htmlFor="audit-filter">Filtrer på handling, tabell eller id</Label>
          <Input id="audit-filter" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite" data-audit-counter>
        {data ? `Viser ${entries.length} av ${data.total} hendelser` : ' '}
      </p>
      <div className="mt-2 overflow-x-auto rounded-xl border border-border bg-card">
        {audit.isPending ? (
          <Spinner label="Laster..." />
        ) : audit.isError ? (
          <p className="p-6 text-destructive">Kunne ikke hente loggen. Prøv igjen.</p>
        ) : (
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Tid</th>
                <th scope="col" className="px-4 py-3">Handling</th>
                <th scope="col" className="px-4 py-3">Tabell</th>
                <th scope="col" className="px-4 py-3">Entitet</th>
                <th scope="col" className="px-4 py-3">Bruker</th>
                <th scope="col" className="px-4 py-3">Endringer</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {entries.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="px-4 py-2.5 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
                  <td className="px-4 py-2.5 font-medium">{actionWord(entry.action)}</td>
                  <td className="px-4 py-2.5">{typeWord(entry.entity_type)}</td>
                  <td className="px-4 py-2.5">
                    {entry.entity_name && <p className="font-medium break-words">{entry.entity_name}</p>}
                    {entry.entity_id ? (
                      <p className="font-mono text-xs text-muted-foreground" title={entry.entity_id}>
                        {entry.entity_id.slice(-8)}
                      </p>
                    ) : (
                      !entry.entity_name && '–'
                    )}
                  </td>
                  <td className="px-4 py-2.5 break-all">{entry.performed_by ?? '–'}</td>
                  <td className="max-w-md px-4 py-2.5">
                    <ul className="grid gap-0.5">
                      {changeLines(entry).map((line) => (
                        <li key={line.field} className="break-words">
                          <span className="font-medium">{line.field}:</span>{' '}
                          {line.before !== null && (
                            <>
                              <span className="text-muted-foreground">{line.before}</span> {'→ '}
                            </>
                          )}
                          {line.after}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
              {entries.length === 0 && (
                <tr>
                  <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                    Ingen hendelser i loggen.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </div>
      {pages > 1 && (
        <nav aria-label="Sider" className="mt-4 flex items-center justify-end gap-3 text-sm">
          <Button variant="outline" size="sm" disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
            Forrige
          </Button>
          <span>
            Side {filter.page} av {pages}
          </span>
          <Button variant="outline" size="sm" disabled={filter.page >= pages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
            Neste
          </Button>
        </nav>
      )}
      {/* Only clearing shortens the log: afterwards the first page is the only one. */}
      <ClearDialog open={clearing} onOpenChange={setClearing} onCleared={() => setFilter({ ...filter, page: 1 })} />
    </>
  )
}
