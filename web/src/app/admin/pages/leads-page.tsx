import { Download, Plus } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Pager } from '@/components/ui/pager'
import { Spinner } from '@/components/ui/spinner'
import { Tabs } from '@/components/ui/tabs'
import { useAuth } from '@/features/auth/components/auth-provider'
import { exportHref, type Lead, leadFilter, PER_PAGE, useDeleteLead, useLeads } from '@/features/leads/api/leads'
import { LeadDetailsDialog } from '@/features/leads/components/lead-details-dialog'
import { LeadFilters } from '@/features/leads/components/lead-filters'
import { LeadFormDialog } from '@/features/leads/components/lead-form-dialog'
import { LeadKanban } from '@/features/leads/components/lead-kanban'
import { LeadTable } from '@/features/leads/components/lead-table'
import { useUrlFilter } from '@/lib/url-filter'
import { LeadSide } from '../components/lead-side'
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
  const [editing, setEditing] = useState<Lead | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [deleting, setDeleting] = useState<Lead | null>(null)
  const remove = useDeleteLead()

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

      <LeadFilters filter={filter} onChange={setFilter} pipeline={pipeline} sources={data?.sources ?? []} />

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
                onSort={(sort) => setFilter((current) => ({ ...current, sort, page: 1 }))}
                onView={setViewing}
                onEdit={(lead) => {
                  setEditing(lead)
                  setFormOpen(true)
                }}
                onDelete={setDeleting}
              />
              <Pager page={filter.page} pages={pages} onPage={(page) => setFilter((current) => ({ ...current, page }))} />
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
