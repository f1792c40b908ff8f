import { Download, Plus, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FilterChip } from '@/components/ui/filter-chip'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs } from '@/components/ui/tabs'
import { useAuth } from '@/features/auth/components/auth-provider'
import { useDeleteLead } from '@/features/leads/api/delete-lead'
import { exportHref, type FollowUpFilter, type Lead, leadFilter, PER_PAGE, type StatusKind, useLeads } from '@/features/leads/api/list-leads'
import { LeadDetailsDialog } from '@/features/leads/components/lead-details-dialog'
import { LeadSide } from '../components/lead-side'
import { LeadFormDialog } from '@/features/leads/components/lead-form-dialog'
import { LeadKanban } from '@/features/leads/components/lead-kanban'
import { LeadTable } from '@/features/leads/components/lead-table'
import { useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

type View = 'table' | 'kanban'
const VIEW_KEY = 'leadView'

function storedView(): View {
  try {
    return window.localStorage.getItem(VIEW_KEY) === 'kanban' ? 'kanban' : 'table'
  } catch {
    return 'table'
  }
}

const FOLLOW_UPS: Record<FollowUpFilter, string> = {
  due: 'Forfalt og i dag',
  planned: 'Har oppfølging',
  none: 'Uten oppfølging',
}
const isFollowUp = (value: string): value is FollowUpFilter => Object.hasOwn(FOLLOW_UPS, value)

/** The meanings a link from the dashboard may narrow the list to, as the chip says them. */
const KINDS: Record<StatusKind, string> = { open: 'Bare åpne leads', won: 'Bare vunne leads', lost: 'Bare tapte leads' }

export function LeadsPage() {
  useAdminTitle('Henvendelser')
  const toast = useToast()
  const { user } = useAuth()
  const [params, setParams] = useSearchParams()
  // The view last chosen on this device (table or board) opens next time.
  const [view, setViewState] = useState<View>(storedView)
  const setView = (next: View) => {
    setViewState(next)
    try {
      window.localStorage.setItem(VIEW_KEY, next)
    } catch {
      // storage blocked: the choice lasts for this visit
    }
  }
  // The filter is the address's (/admin/leads?follow_up=due&kind=open from the dashboard
  // opens the list on those leads); a change to it is a step the back button undoes.
  const [filter, setFilter] = useUrlFilter(leadFilter)
  // The search field follows the address too (the back button), but not at every key:
  // what is typed reaches the address once typing pauses.
  const [text, setText] = useState(filter.q)
  const [searched, setSearched] = useState(filter.q)
  if (filter.q !== searched) {
    setSearched(filter.q)
    setText(filter.q)
  }
  const [editing, setEditing] = useState<Lead | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<Lead | null>(null)
  const remove = useDeleteLead()

  // Search as the user types, once typing pauses; a new search starts on page 1, and
  // replaces the address rather than leaving a step in the history for every pause.
  useEffect(() => {
    if (text === filter.q) return
    const timer = window.setTimeout(() => setFilter((f) => ({ ...f, q: text, page: 1 }), { replace: true }), 250)
    return () => window.clearTimeout(timer)
  }, [text, filter.q, setFilter])

  const leads = useLeads(filter)
  const pipeline = leads.data?.pipeline ?? []

  // /admin/leads?lead=ID (from the command search or the dashboard) opens that lead.
  const viewing = params.get('lead')
  const setViewing = (lead: Lead) => setParams((all) => (all.set('lead', lead.id), all))
  const closeDetails = () => {
    if (params.has('lead')) {
      params.delete('lead')
      setParams(params, { replace: true })
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast({ title: 'Lead slettet', description: 'Lead ble permanent slettet.' })
    } catch {
      toast({ title: 'Feil', description: 'Kunne ikke slette lead.', variant: 'destructive' })
    } finally {
      setDeleting(null)
    }
  }

  const data = leads.data
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Lead-administrasjon</h1>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <a href={exportHref(filter)} download>
              <Download aria-hidden="true" />
              Eksporter CSV
            </a>
          </Button>
          <Button
            onClick={() => {
              setEditing(null)
              setFormOpen(true)
            }}
          >
            <Plus aria-hidden="true" />
            Ny lead
          </Button>
        </div>
      </div>

      <div className="mt-6 grid gap-3 rounded-xl border border-border bg-card p-4 md:grid-cols-2 xl:grid-cols-[1fr_12rem_12rem_12rem]">
        {/* The hint under the field rather than as a placeholder, which a narrow field cuts off. */}
        <FormField id="lead-search" label="Søk" hint="Navn, e-post, telefon eller beskrivelse">
          {(control) => (
            <div className="relative">
              <Search className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" aria-hidden="true" />
              <Input {...control} type="search" className="pl-10" value={text} onChange={(e) => setText(e.target.value)} />
            </div>
          )}
        </FormField>
        <FormField id="lead-status-filter" label="Status">
          {(control) => (
            <Select
              {...control}
              value={filter.status}
              onChange={(e) => setFilter({ ...filter, status: e.target.value, page: 1 })}
            >
              <option value="">Alle statuser</option>
              {pipeline.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="lead-source-filter" label="Kilde">
          {(control) => (
            <Select
              {...control}
              value={filter.source}
              onChange={(e) => setFilter({ ...filter, source: e.target.value, page: 1 })}
            >
              <option value="">Alle kilder</option>
              {(data?.sources ?? []).map((source) => (
                <option key={source}>{source}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="lead-follow-up-filter" label="Oppfølging">
          {(control) => (
            <Select
              {...control}
              value={filter.followUp}
              onChange={(e) => setFilter({ ...filter, followUp: isFollowUp(e.target.value) ? e.target.value : '', page: 1 })}
            >
              <option value="">Alle</option>
              {Object.entries(FOLLOW_UPS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm font-semibold md:col-span-2 xl:col-span-4">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={filter.mine}
            onChange={(e) => setFilter({ ...filter, mine: e.target.checked, page: 1 })}
          />
          Mine leads
        </label>
        {(filter.kind || filter.days) && (
          <ul className="flex flex-wrap gap-2 md:col-span-2 xl:col-span-4" aria-label="Avgrensning fra oversikten" data-linked-filters>
            {filter.kind && (
              <li>
                <FilterChip label={KINDS[filter.kind]} onRemove={() => setFilter({ ...filter, kind: undefined, page: 1 })} />
              </li>
            )}
            {filter.days && (
              <li>
                <FilterChip
                  label={`Kom inn de siste ${filter.days} dagene`}
                  onRemove={() => setFilter({ ...filter, days: undefined, page: 1 })}
                />
              </li>
            )}
          </ul>
        )}
      </div>

      {/* A line high before the list has come (a no-break space; a plain one collapses to
          nothing), so the tabs below do not jump down when it comes: a click aimed at
          "Kanban" in that moment landed on the counter instead (docs/TESTING.md). */}
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite" data-lead-counter>
        {data ? `Viser ${data.items.length} av ${data.total} leads` : '\u00a0'}
      </p>

      <div className="mt-4">
        <Tabs
          label="Visning"
          value={view}
          onChange={setView}
          tabs={[
            { value: 'kanban', label: 'Kanban' },
            { value: 'table', label: 'Tabell' },
          ]}
        >
          {view === 'kanban' ? (
            <LeadKanban
              filter={{ q: filter.q, source: filter.source, mine: filter.mine, followUp: filter.followUp }}
              onOpen={setViewing}
              staff={data?.staff}
            />
          ) : leads.isPending ? (
            <Spinner label="Laster..." />
          ) : leads.isError ? (
            <p className="text-destructive">Kunne ikke hente leads. Prøv igjen.</p>
          ) : data && data.items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
              Ingen leads funnet.
            </p>
          ) : data ? (
            <>
              <LeadTable
                leads={data.items}
                photos={data.photos}
                pipeline={pipeline}
                sort={filter.sort}
                onSort={(sort) => setFilter({ ...filter, sort, page: 1 })}
                onView={setViewing}
                onEdit={(lead) => {
                  setEditing(lead)
                  setFormOpen(true)
                }}
                onDelete={setDeleting}
              />
              {pages > 1 && (
                <nav aria-label="Sider" className="mt-4 flex items-center justify-end gap-3 text-sm">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={filter.page <= 1}
                    onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
                  >
                    Forrige
                  </Button>
                  <span>
                    Side {filter.page} av {pages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={filter.page >= pages}
                    onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
                  >
                    Neste
                  </Button>
                </nav>
              )}
            </>
          ) : null}
        </Tabs>
      </div>

      <LeadDetailsDialog
        leadId={viewing}
        pipeline={pipeline}
        staff={data?.staff ?? []}
        viewer={{ id: user?.id ?? '', isAdmin: user?.role === 'admin' }}
        onOpenChange={(open) => !open && closeDetails()}
        onOpenLead={(id) => setParams((all) => (all.set('lead', id), all))}
        aside={(lead) => <LeadSide lead={lead} staff={data?.staff ?? []} />}
      />
      <LeadFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        lead={editing}
        pipeline={pipeline}
        sources={leads.data?.known_sources ?? []}
        staff={data?.staff ?? []}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Slett Lead"
        description="Er du sikker på at du vil slette denne lead-en? Denne handlingen kan ikke angres."
        confirmLabel="Slett"
        busyLabel="Sletter..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  )
}
