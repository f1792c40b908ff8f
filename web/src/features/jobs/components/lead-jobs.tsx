import { Hammer, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'
import { useJobFromQuote, useLeadJobs } from '../api/jobs'
import { CalloutForm } from './callout-form'
import { JobStatusBadge } from './job-status'
import { MeterView } from './meter-view'

/** An accepted quote a job may be made from. */
export type AcceptedQuote = { id: string; number: string }

/** A lead's jobs with their meters, "Lag oppdrag" for each accepted quote that has none
 * (`accepted`: one step, the quote's lines becoming the budget), and a call-out at
 * timepris without a quote. */
export function LeadJobs({ leadId, accepted }: { leadId: string; accepted: AcceptedQuote[] }) {
  const jobs = useLeadJobs(leadId)
  const make = useJobFromQuote()
  const navigate = useNavigate()
  const toast = useToast()
  const [callout, setCallout] = useState(false)
  const withJob = new Set((jobs.data ?? []).map((job) => job.quote_id))
  const ready = jobs.isPending ? [] : accepted.filter((quote) => !withJob.has(quote.id))
  return (
    <section aria-labelledby="lead-jobs" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lead-jobs" className="text-lg font-semibold">Oppdrag</h2>
        {!callout && (
          <Button variant="outline" size="sm" onClick={() => setCallout(true)}>
            <Plus aria-hidden="true" /> Oppdrag uten tilbud
          </Button>
        )}
      </div>
      {callout && <CalloutForm leadId={leadId} onDone={() => setCallout(false)} />}
      {ready.map((quote) => (
        <Button
          key={quote.id}
          className="w-fit"
          disabled={make.isPending}
          onClick={() =>
            make.mutateAsync(quote.id).then(
              (job) => navigate(paths.admin.job(job.id)),
              (error: unknown) =>
                toast({ title: 'Kunne ikke lage oppdraget', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
            )
          }
        >
          <Hammer aria-hidden="true" /> Lag oppdrag av tilbud {quote.number}
        </Button>
      ))}
      {jobs.isPending ? (
        <Spinner label="Laster oppdrag..." />
      ) : !jobs.data?.length ? (
        <p className="text-muted-foreground">Ingen oppdrag ennå.</p>
      ) : (
        <ul className="grid gap-2">
          {jobs.data.map((job) => (
            <li key={job.id} className="grid gap-2 rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={paths.admin.job(job.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                  {job.title}
                </Link>
                <JobStatusBadge status={job.status} />
              </div>
              <MeterView meter={job.meter} rule={job.price_rule} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
