import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { DayInput, isDay } from '@/components/ui/day-input'
import { Input, Label, Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { AUDIT_PER_PAGE, type AuditFilter, useAudit } from '@/features/audit/api/audit'
import { ClearDialog } from '@/features/audit/components/clear-dialog'
import { type Told, tell } from '@/features/audit/sentences'
import { typeWord } from '@/features/audit/words'
import { useAuth } from '@/features/auth/components/auth-provider'
import { formatDateTime } from '@/lib/format'
import { useAdminTitle } from '../use-admin-title'

/** A filter in the browser over the page shown: on the sentence, its changes and who did it. */
export function matchesAudit(told: Told, text: string): boolean {
  const needle = text.trim().toLowerCase()
  if (!needle) return true
  return [told.who, told.sentence, ...told.changes].some((v) => v.toLowerCase().includes(needle))
}

export function AuditPage() {
  useAdminTitle('Logg/Audit')
  const [filter, setFilter] = useState<AuditFilter>({ user: '', entityType: '', from: '', to: '', page: 1 })
  const [text, setText] = useState('')
  const [clearing, setClearing] = useState(false)
  const audit = useAudit(filter)
  const { user } = useAuth()
  const data = audit.data
  const names = data?.names ?? {}
  const entries = (data?.items ?? []).map((entry) => ({ entry, told: tell(entry, names) })).filter(({ told }) => matchesAudit(told, text))
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
          {/* The filter changes once a whole day is typed, not at every key. */}
          <DayInput id="audit-from" value={filter.from} onChange={(day) => isDay(day) && set({ from: day })} />
        </div>
        <div>
          <Label htmlFor="audit-to">Til dato</Label>
          <DayInput id="audit-to" value={filter.to} onChange={(day) => isDay(day) && set({ to: day })} />
        </div>
        <div>
          <Label htmlFor="audit-filter">Filtrer på hva som skjedde</Label>
          <Input id="audit-filter" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite" data-audit-counter>
        {data ? `Viser ${entries.length} av ${data.total} hendelser` : ' '}
      </p>
      <div className="mt-2 rounded-xl border border-border bg-card">
        {audit.isPending ? (
          <Spinner label="Laster..." />
        ) : audit.isError ? (
          <p className="p-6 text-destructive">Kunne ikke hente loggen. Prøv igjen.</p>
        ) : (
          <ol className="divide-y divide-border" aria-label="Hendelser">
            {entries.map(({ entry, told }) => (
              <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm md:grid-cols-[11rem_minmax(0,1fr)] md:gap-4" data-audit-entry>
                <time dateTime={entry.created_at} className="text-muted-foreground md:pt-px">
                  {formatDateTime(entry.created_at)}
                </time>
                <div className="min-w-0">
                  <p className="[overflow-wrap:anywhere]">
                    <strong className="font-semibold" title={entry.performed_by ?? undefined}>
                      {told.who}
                    </strong>{' '}
                    {told.sentence}
                  </p>
                  {told.changes.length > 0 && (
                    <ul className="mt-1 grid gap-0.5 text-muted-foreground">
                      {told.changes.map((line) => (
                        <li key={line} className="[overflow-wrap:anywhere]">
                          {line}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
            {entries.length === 0 && <li className="px-4 py-8 text-center text-muted-foreground">Ingen hendelser i loggen.</li>}
          </ol>
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
