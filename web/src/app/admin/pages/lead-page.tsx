import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/components/auth-provider'
import { useLead, useLeads } from '@/features/leads/api/leads'
import { LeadWork } from '@/features/leads/components/lead-work'
import { paths } from '@/lib/paths'
import { LeadSide } from '../components/lead-side'
import { useAdminTitle } from '../use-admin-title'

/** A lead's own page (`/admin/leads/{id}`): a link staff can share and bookmark, with the
 * lead's details, its timeline, its befaringer and its quotes. The list's dialog stays as a quick view. */
export function LeadPage() {
  const { leadId = '' } = useParams()
  const { user } = useAuth()
  const lead = useLead(leadId)
  // The pipeline's statuses and the staff come with the list's answer.
  const list = useLeads({ q: '', status: '', source: '', page: 1, sort: '-created', mine: false, followUp: '' })
  useAdminTitle(lead.data ? `Lead: ${lead.data.name || 'Ukjent'}` : 'Lead')
  return (
    <div className="grid gap-6">
      <Link to={paths.admin.leads} className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Alle henvendelser
      </Link>
      {lead.data && list.data ? (
        <>
          <h1 className="text-2xl font-bold">{lead.data.name || 'Ukjent'}</h1>
          <div className="grid gap-8 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <LeadWork
              lead={lead.data}
              pipeline={list.data.pipeline}
              staff={list.data.staff}
              viewer={{ id: user?.id ?? '', isAdmin: user?.role === 'admin' }}
              onOpenLead={() => undefined}
            />
            <LeadSide lead={lead.data} staff={list.data.staff} />
          </div>
        </>
      ) : lead.isError ? (
        <p className="text-destructive">Fant ikke lead-en. Den kan være slettet.</p>
      ) : (
        <Spinner label="Laster..." />
      )}
    </div>
  )
}
