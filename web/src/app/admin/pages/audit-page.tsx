import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { DayInput, isDay } from '@/components/ui/day-input'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { Pager } from '@/components/ui/pager'
import { Spinner } from '@/components/ui/spinner'
import { AUDIT_PER_PAGE, type AuditEntry, type AuditFilter, useAudit } from '@/features/audit/api/audit'
import { ClearDialog } from '@/features/audit/components/clear-dialog'
import { type Told, tell } from '@/features/audit/sentences'
import { actionWord, typeWord } from '@/features/audit/words'
import { useAuth } from '@/features/auth/components/auth-provider'
import { formatDateTime } from '@/lib/format'
import { useAdminTitle } from '../use-admin-title'

/** The filters in the browser, over the page the server sent: the action, the id of
 * what the entry is about, and any text of its row (the sentence, its changes, who). */
export type PageFilter = { action: string; id: string; text: string }

export function matchesAudit(entry: AuditEntry, told: Told, filter: PageFilter): boolean {
  if (filter.action && entry.action !== filter.action) return false
  const id = filter.id.trim().toLowerCase()
  if (id && !(entry.entity_id ?? '').toLowerCase().includes(id)) return false
  const needle = filter.text.trim().toLowerCase()
  if (!needle) return true
  return [told.who, told.sentence, ...told.changes].some((v) => v.toLowerCase().includes(needle))
}

/**
 * The audit log as a table of Tid, Handling, Tabell, Entitet and Bruker, each entry's
 * sentence and changes under its row. Who, which table and which days are asked of the
 * server; the action, the id and the free text filter the page in the browser. On a phone
 * the table keeps two columns: the time with who, and the action with the table and the
 * entity under it.
 */
export function AuditPage() {
  useAdminTitle('Logg/Audit')
  const [filter, setFilter] = useState<AuditFilter>({ user: '', entityType: '', from: '', to: '', page: 1 })
  const [local, setLocal] = useState<PageFilter>({ action: '', id: '', text: '' })
  const [clearing, setClearing] = useState(false)
  const audit = useAudit(filter)
  const { user } = useAuth()
  const data = audit.data
  const names = data?.names ?? {}
  const told = (data?.items ?? []).map((entry) => ({ entry, told: tell(entry, names) }))
  const actions = [...new Set(told.map(({ entry }) => entry.action))]
  const entries = told.filter(({ entry, told }) => matchesAudit(entry, told, local))
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PER_PAGE)) : 1
  const set = (change: Partial<AuditFilter>) => setFilter({ ...filter, ...change, page: 1 })
  const setHere = (change: Partial<PageFilter>) => setLocal({ ...local, ...change })

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
      <div className="mt-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="audit-action" label="Handling">
          {(control) => (
            <Select {...control} value={local.action} onChange={(e) => setHere({ action: e.target.value })}>
              <option value="">Alle handlinger</option>
              {[...new Set([...actions, ...(local.action ? [local.action] : [])])].map((action) => (
                <option key={action} value={action}>
                  {actionWord(action)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="audit-type" label="Tabell">
          {(control) => (
            <Select {...control} value={filter.entityType} onChange={(e) => set({ entityType: e.target.value })}>
              <option value="">Alle tabeller</option>
              {(data?.entity_types ?? []).map((type) => (
                <option key={type} value={type}>
                  {typeWord(type)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="audit-id" label="Id">
          {(control) => <Input {...control} type="search" autoComplete="off" spellCheck={false} value={local.id} onChange={(e) => setHere({ id: e.target.value })} />}
        </FormField>
        <FormField id="audit-user" label="Bruker">
          {(control) => (
            <Select {...control} value={filter.user} onChange={(e) => set({ user: e.target.value })}>
              <option value="">Alle brukere</option>
              {(data?.users ?? []).map((who) => (
                <option key={who}>{who}</option>
              ))}
            </Select>
          )}
        </FormField>
        {/* The filter changes once a whole day is typed, not at every key. */}
        <FormField id="audit-from" label="Fra dato">
          {(control) => <DayInput {...control} value={filter.from} onChange={(day) => isDay(day) && set({ from: day })} />}
        </FormField>
        <FormField id="audit-to" label="Til dato">
          {(control) => <DayInput {...control} value={filter.to} onChange={(day) => isDay(day) && set({ to: day })} />}
        </FormField>
        <FormField className="sm:col-span-2" id="audit-filter" label="Filtrer på hva som skjedde">
          {(control) => <Input {...control} type="search" value={local.text} onChange={(e) => setHere({ text: e.target.value })} />}
        </FormField>
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
          <table className="w-full text-left text-sm" aria-label="Hendelser">
            <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Tid<span className="sm:hidden"> og bruker</span>
                </th>
                <th scope="col" className="px-4 py-3">
                  Handling
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Tabell
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Entitet
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Bruker
                </th>
              </tr>
            </thead>
            {entries.map(({ entry, told }) => (
              // One body per entry: its row of columns, and its sentence under it.
              <tbody key={entry.id} className="border-b border-border last:border-b-0" data-audit-entry>
                <tr className="align-top">
                  <td className="px-4 pt-3 whitespace-nowrap text-muted-foreground">
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                    <p className="mt-0.5 font-semibold whitespace-normal text-foreground [overflow-wrap:anywhere] sm:hidden">{told.who}</p>
                  </td>
                  <td className="px-4 pt-3">
                    <p className="font-semibold">{actionWord(entry.action)}</p>
                    <p className="text-muted-foreground [overflow-wrap:anywhere] md:hidden">
                      {typeWord(entry.entity_type)}
                      {entry.entity_name ? ` «${entry.entity_name}»` : ''}
                    </p>
                  </td>
                  <td className="hidden px-4 pt-3 md:table-cell">{typeWord(entry.entity_type)}</td>
                  <td className="hidden px-4 pt-3 [overflow-wrap:anywhere] md:table-cell">
                    {entry.entity_name ? `«${entry.entity_name}»` : <span className="text-muted-foreground">–</span>}
                  </td>
                  <td className="hidden px-4 pt-3 [overflow-wrap:anywhere] sm:table-cell">
                    <span title={entry.performed_by ?? undefined}>{told.who}</span>
                  </td>
                </tr>
                <tr>
                  <td colSpan={5} className="px-4 pt-1 pb-3 text-muted-foreground">
                    <p className="[overflow-wrap:anywhere]">
                      {told.who} {told.sentence}
                    </p>
                    {told.changes.length > 0 && (
                      <ul className="mt-1 grid gap-0.5">
                        {told.changes.map((line) => (
                          <li key={line} className="[overflow-wrap:anywhere]">
                            {line}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              </tbody>
            ))}
            {entries.length === 0 && (
              <tbody>
                <tr>
                  <td colSpan={5} className="px-4 py-8 text-center text-muted-foreground">
                    Ingen hendelser i loggen.
                  </td>
                </tr>
              </tbody>
            )}
          </table>
        )}
      </div>
      <Pager page={filter.page} pages={pages} onPage={(page) => setFilter({ ...filter, page })} />
      {/* Only clearing shortens the log: afterwards the first page is the only one. */}
      <ClearDialog open={clearing} onOpenChange={setClearing} onCleared={() => setFilter({ ...filter, page: 1 })} />
    </>
  )
}
