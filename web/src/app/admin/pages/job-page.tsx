import { ArrowLeft, Download } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { JobDeclaration } from '@/features/declarations/components/job-declaration'
import { JobDocuments } from '@/features/documents/components/job-documents'
import { JobInvoice } from '@/features/invoices/components/job-invoice'
import { hours, timeSheetHref, useJob } from '@/features/jobs/api/jobs'
import { JobChanges } from '@/features/jobs/components/job-changes'
import { JobContacts } from '@/features/jobs/components/job-contacts'
import { JobDetails } from '@/features/jobs/components/job-details'
import { JobMaterials } from '@/features/jobs/components/job-materials'
import { JobStatusBadge } from '@/features/jobs/components/job-status'
import { MeterView } from '@/features/jobs/components/meter-view'
import { PlanNotice } from '@/features/jobs/components/plan-notice'
import { QuoteStatusBadge } from '@/features/quotes/components/quote-status'
import { useServices } from '@/features/services/api/services'
import { useUsers } from '@/features/users/api/users'
import { formatDay, norwegianDay } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useAdminTitle } from '../use-admin-title'

/** A job's own page (`/admin/oppdrag/{id}`): its meter, its § 7 contacts, its plan told to
 * the customer, its tilleggsarbeid, its invoice, its samsvarserklæring, the customer's
 * documents link, hours and materials, and the office's edits. */
export function JobPage() {
  const { jobId = '' } = useParams()
  const job = useJob(jobId)
  const users = useUsers()
  const { services } = useServices()
  useAdminTitle(job.data ? `Oppdrag: ${job.data.title}` : 'Oppdrag')
  if (job.isPending) return <Spinner label="Laster oppdraget..." />
  if (!job.data) return <p className="text-destructive">Fant ikke oppdraget.</p>
  const data = job.data
  const month = norwegianDay().slice(0, 7)
  return (
    <div className="grid gap-6">
      <Link to={paths.admin.jobs} className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Alle oppdrag
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{data.title}</h1>
        <JobStatusBadge status={data.status} />
      </div>
      <p className="text-muted-foreground">
        {data.customer_name}
        {data.customer_address && `, ${data.customer_address}`}
        {data.lead_id && (
          <>
            {' · '}
            <Link to={paths.admin.lead(data.lead_id)} className="text-primary underline underline-offset-4">
              Henvendelsen
            </Link>
          </>
        )}
        {data.quote_id && (
          <>
            {' · '}
            <Link to={paths.admin.quote(data.quote_id)} className="text-primary underline underline-offset-4">
              Tilbudet
            </Link>
          </>
        )}
      </p>
      <MeterView meter={data.meter} rule={data.price_rule} />
      {/* The § 7 contact is reachable for every price type the law asks it of: a prisoverslag,
          and an hourly job whose meter waits for it (a consumer's timepris with its § 32
          ceiling); the meter's "registrer kontakten under" always has the form under it. */}
      {(data.price_type !== 'fixed' || data.meter.needs_contact || data.contacts.length > 0) && <JobContacts job={data} />}
      {data.status !== 'invoiced' && <PlanNotice jobId={data.id} leadId={data.lead_id ?? null} />}
      <JobChanges job={data} status={(status) => <QuoteStatusBadge status={status} />} />
      <JobInvoice job={data} />
      <JobDeclaration jobId={data.id} staff={(users.data ?? []).filter((user) => user.is_active).map((user) => ({ id: user.id, name: user.name }))} />
      <JobDocuments job={data} />
      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="job-hours" className="grid content-start gap-3 rounded-2xl border border-border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="job-hours" className="text-lg font-semibold">
              Timer: {hours((data.hours * 60) / 100)}
            </h2>
            <span className="flex flex-wrap gap-3 text-sm">
              <a href={timeSheetHref(month, { jobId: data.id })} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                <Download className="size-4" aria-hidden="true" /> Timeliste for måneden (CSV)
              </a>
              <a href={timeSheetHref(month, { jobId: data.id }, 'pdf')} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                <Download className="size-4" aria-hidden="true" /> Som PDF
              </a>
            </span>
          </div>
          {data.entries.length === 0 ? (
            <p className="text-muted-foreground">Ingen timer ført ennå.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {data.entries.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-2 border-b border-border py-1 last:border-0">
                  <span>
                    {formatDay(entry.day)}, {entry.user_name}
                    {entry.line != null && data.lines[entry.line] && <span className="text-muted-foreground">, {data.lines[entry.line]?.description}</span>}
                    {entry.extra && <span className="ml-1 text-accent-strong dark:text-accent">(tillegg)</span>}
                    {entry.held && <span className="ml-1 font-semibold text-destructive">(venter på § 7-kontakt)</span>}
                    {entry.note && <span className="block text-muted-foreground">{entry.note}</span>}
                  </span>
                  <span className="tabular-nums">{hours(entry.minutes)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <JobMaterials job={data} catalogue={services.map((s) => ({ id: s.id, name: s.name, price_from: s.price_from ?? null }))} />
      </div>
      <JobDetails key={data.updated_at} job={data} staff={users.data ?? []} />
    </div>
  )
}
