import { useQueryClient } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, ArrowUpDown, Camera, Eye, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { EmailText } from '@/components/email-text'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/input'
import { formatDateTime, formatDay, norwegianDay } from '@/lib/format'
import { paths } from '@/lib/paths'
import { queryKeys } from '@/lib/query-keys'
import { cn } from '@/lib/utils'
import { type Lead, type LeadSort, updateLeadStatus } from '../api/leads'
import { DuplicateBadge } from './status-badge'
import { refresh } from '@/lib/refresh'

/** The columns a narrow table leaves out, by the table's own width (a container query, so
 * an open sidebar counts): contact from 48rem, arrival from 42rem, source from 64rem and
 * the description from 72rem. Below those widths the name cell carries the contact details
 * and a line of the description, and the arrival cell the source, so nothing the list is
 * for goes missing. The source waits for 64rem because the demo's leads (a follow-up line,
 * a long address, a status select) need 62rem with it: at 1280 px with the sidebar open
 * the table is 60rem wide, and its last column, the row's buttons, was cut off
 * (e2e/fit-demo.spec.ts). */
const SHOWN_FROM = {
  contact: 'hidden @3xl:table-cell',
  created: 'hidden @2xl:table-cell',
  source: 'hidden @5xl:table-cell',
  sourceUnderCreated: '@5xl:hidden',
  description: 'hidden @6xl:table-cell',
}

export function LeadTable({
  leads,
  photos = {},
  pipeline,
  sort,
  onSort,
  onView,
  onEdit,
  onDelete,
}: {
  leads: Lead[]
  /** How many photos each lead's customer sent (leads without are left out). */
  photos?: Record<string, number>
  pipeline: string[]
  sort: LeadSort
  onSort: (sort: LeadSort) => void
  onView: (lead: Lead) => void
  onEdit: (lead: Lead) => void
  onDelete: (lead: Lead) => void
}) {
  return (
    <div className="@container overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <SortHeader label="Navn" field="name" sort={sort} onSort={onSort} />
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.contact)}>Kontakt</th>
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.description)}>Beskrivelse</th>
            <SortHeader label="Status" field="status" sort={sort} onSort={onSort} />
            <th scope="col" className={cn('px-4 py-3', SHOWN_FROM.source)}>Kilde</th>
            <SortHeader label="Opprettet" field="created" sort={sort} onSort={onSort} className={SHOWN_FROM.created} />
            <th scope="col" className="px-1 py-3 text-right @xl:px-4">
              <span className="sr-only @lg:not-sr-only">Handlinger</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {leads.map((lead) => (
            <tr key={lead.id} className="align-top hover:bg-muted/40">
              <td className="px-3 py-3 @xl:min-w-48 @xl:px-4">
                <p className="font-semibold break-words">
                  {/* The name opens the lead's own page; the eye opens the quick view. */}
                  <Link to={paths.admin.lead(lead.id)} className="underline-offset-4 hover:underline focus-visible:underline">
                    {lead.name || 'Ukjent'}
                  </Link>
                  {photos[lead.id] ? (
                    <span className="ml-2 inline-flex items-center gap-1 align-middle text-xs font-normal text-muted-foreground" data-photo-count>
                      <Camera className="size-3.5" aria-hidden="true" />
                      {photos[lead.id]} {photos[lead.id] === 1 ? 'bilde' : 'bilder'}
                    </span>
                  ) : null}
                </p>
                {lead.duplicate_of && <DuplicateBadge />}
                {(lead.adresse || lead.postnr) && (
                  <p className="text-muted-foreground">{[lead.adresse, lead.postnr].filter(Boolean).join(', ')}</p>
                )}
                {lead.email && (
                  <p className="text-muted-foreground @3xl:hidden">
                    <EmailText email={lead.email} />
                  </p>
                )}
                {lead.phone && <p className="text-muted-foreground @3xl:hidden">{lead.phone}</p>}
                {lead.beskrivelse && (
                  <p className="mt-1 line-clamp-2 text-muted-foreground @6xl:hidden" data-description>
                    {lead.beskrivelse}
                  </p>
                )}
                {lead.follow_up && <FollowUpNote day={lead.follow_up} />}
              </td>
              {/* Wide enough that an address breaks at most once, after its @. */}
              <td className={cn('min-w-56 px-4 py-3', SHOWN_FROM.contact)}>
                {lead.email && (
                  <p>
                    <EmailText email={lead.email} />
                  </p>
                )}
                {lead.phone && <p className="text-muted-foreground">{lead.phone}</p>}
              </td>
              <td className={cn('max-w-xs px-4 py-3', SHOWN_FROM.description)}>
                <p className="line-clamp-2 text-muted-foreground">{lead.beskrivelse}</p>
              </td>
              <td className="px-1 py-3 @xl:px-4">
                <RowStatus lead={lead} pipeline={pipeline} />
              </td>
              <td className={cn('px-4 py-3', SHOWN_FROM.source)}>{lead.kilde}</td>
              <td className={cn('px-4 py-3', SHOWN_FROM.created)}>
                <p className="whitespace-nowrap">{formatDateTime(lead.created_at)}</p>
                {lead.kilde && <p className={cn('text-muted-foreground', SHOWN_FROM.sourceUnderCreated)}>{lead.kilde}</p>}
              </td>
              <td className="px-1 py-2 @xl:px-4 @xl:py-3">
                {/* Stacked on a phone, so the name keeps its room. */}
                <div className="flex flex-col items-end gap-1 @lg:flex-row @lg:justify-end">
                  <Button variant="ghost" size="icon" className="size-9" onClick={() => onView(lead)} aria-label={`Vis ${lead.name || 'lead'}`}>
                    <Eye aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-9" onClick={() => onEdit(lead)} aria-label={`Rediger ${lead.name || 'lead'}`}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-destructive hover:bg-destructive/10"
                    onClick={() => onDelete(lead)}
                    aria-label={`Slett ${lead.name || 'lead'}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The follow-up day under the lead's name, marked when it is today or past. */
function FollowUpNote({ day }: { day: string }) {
  const today = norwegianDay()
  return (
    <p className={cn('mt-1 text-xs font-semibold', day <= today ? 'text-destructive' : 'text-muted-foreground')} data-follow-up={day}>
      Oppfølging {formatDay(day)}
      {day < today ? ' (forfalt)' : day === today ? ' (i dag)' : ''}
    </p>
  )
}

/** A column header that sorts the list: the first click sorts ascending (newest first for
 * the date), the next reverses. `aria-sort` tells a screen reader the order. */
function SortHeader({
  label,
  field,
  sort,
  onSort,
  className,
}: {
  label: string
  field: 'name' | 'status' | 'created'
  sort: LeadSort
  onSort: (sort: LeadSort) => void
  className?: string
}) {
  const ascending = sort === field
  const descending = sort === `-${field}`
  const first: LeadSort = field === 'created' ? '-created' : field
  const next: LeadSort = ascending ? `-${field}` : descending ? field : first
  const Icon = ascending ? ArrowUp : descending ? ArrowDown : ArrowUpDown
  return (
    <th
      scope="col"
      className={cn('px-2 py-1.5', className)}
      aria-sort={ascending ? 'ascending' : descending ? 'descending' : 'none'}
    >
      <Button
        variant="ghost"
        size="sm"
        className="gap-1 px-2 text-xs font-semibold tracking-wide uppercase"
        onClick={() => onSort(next)}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-4', !ascending && !descending && 'opacity-50')} />
        <span className="sr-only">, sorter</span>
      </Button>
    </th>
  )
}

/** The lead's status as a menu: a choice moves the lead at once. If the server refuses,
 * the menu goes back and says so. */
function RowStatus({ lead, pipeline }: { lead: Lead; pipeline: string[] }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const statuses = pipeline.includes(lead.status) ? pipeline : [...pipeline, lead.status]

  async function change(status: string) {
    setBusy(true)
    try {
      await updateLeadStatus(lead.id, status)
      toast({ title: 'Status oppdatert', description: `${lead.name || 'Lead'} er flyttet til ${status}.` })
      await refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    } catch {
      toast({ title: 'Feil', description: 'Kunne ikke endre status. Prøv igjen.', variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Select
      aria-label={`Status for ${lead.name || 'lead'}`}
      className="h-9 w-auto max-w-[8.5rem] py-1 pr-7 pl-2 text-sm @xl:pl-3"
      value={lead.status}
      disabled={busy}
      onChange={(e) => void change(e.target.value)}
    >
      {statuses.map((status) => (
        <option key={status}>{status}</option>
      ))}
    </Select>
  )
}
