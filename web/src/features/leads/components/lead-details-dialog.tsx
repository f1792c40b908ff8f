import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { type Lead, type StaffMember, useLead } from '../api/leads'
import { LeadWork, type Viewer } from './lead-work'

/** A lead opened over the list ("Lead-detaljer"): the lead worked as on its own page
 * (`LeadWork`), read afresh so what it shows is what is stored, with a link to that page. */
export function LeadDetailsDialog({
  leadId,
  pipeline,
  staff,
  viewer,
  onOpenChange,
  onOpenLead,
  aside,
}: {
  leadId: string | null
  pipeline: string[]
  staff: StaffMember[]
  viewer: Viewer
  onOpenChange: (open: boolean) => void
  /** Shows another lead in the dialog instead (a duplicate's original). */
  onOpenLead: (id: string) => void
  /** Beside the details: what the customer sent, the befaringer and the quotes (composed
   * by the page, as on the lead's own page). */
  aside?: (lead: Lead) => ReactNode
}) {
  const lead = useLead(leadId)
  return (
    <Dialog
      open={leadId !== null}
      onOpenChange={onOpenChange}
      title="Lead-detaljer"
      description={lead.data ? lead.data.name || 'Ukjent' : undefined}
      className="max-w-4xl"
    >
      {lead.data ? (
        <>
          <Link to={paths.admin.lead(lead.data.id)} className="-mt-2 mb-2 inline-block text-sm text-primary underline-offset-4 hover:underline">
            Åpne lead-ens egen side (bilder og ønskede dager, befaring, tilbud)
          </Link>
          <div className="grid gap-8">
            <LeadWork key={lead.data.id} lead={lead.data} pipeline={pipeline} staff={staff} viewer={viewer} onOpenLead={onOpenLead} />
            {aside?.(lead.data)}
          </div>
        </>
      ) : lead.isError ? (
        <p className="text-destructive">Kunne ikke hente lead-en. Den kan være slettet.</p>
      ) : (
        <Spinner label="Laster..." />
      )}
    </Dialog>
  )
}
