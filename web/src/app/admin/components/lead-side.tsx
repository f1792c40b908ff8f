import { useLeadEnquiry } from '@/features/enquiry/api/enquiry'
import { LeadEnquiry } from '@/features/enquiry/components/lead-enquiry'
import type { Lead } from '@/features/leads/api/leads'
import { LeadJobs } from '@/features/jobs/components/lead-jobs'
import { useLeadQuotes } from '@/features/quotes/api/quotes'
import { LeadQuotes } from '@/features/quotes/components/lead-quotes'
import type { StaffMember } from '@/features/visits/api/visits'
import { LeadVisits } from '@/features/visits/components/lead-visits'

/** What the customer sent (photos, preferred days), the befaringer, the quotes and the jobs of a
 * lead: beside its details on the lead's own page, and in the list's quick view. */
export function LeadSide({ lead, staff }: { lead: Lead; staff: StaffMember[] }) {
  const enquiry = useLeadEnquiry(lead.id)
  const quotes = useLeadQuotes(lead.id)
  // A change order (tilleggsarbeid) belongs to its job and never becomes a job of its own.
  const accepted = (quotes.data ?? []).filter((quote) => quote.status === 'accepted' && !quote.job_id)
  return (
    <div className="grid content-start gap-8">
      <LeadEnquiry leadId={lead.id} />
      <LeadVisits
        leadId={lead.id}
        staff={staff}
        offered={enquiry.data?.preferred_times ?? []}
        place={{ adresse: lead.adresse, postnr: lead.postnr }}
      />
      <LeadQuotes leadId={lead.id} />
      <LeadJobs leadId={lead.id} accepted={accepted} />
    </div>
  )
}
