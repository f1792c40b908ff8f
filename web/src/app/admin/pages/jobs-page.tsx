import { Search } from 'lucide-react'
import { Link } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { Pager } from '@/components/ui/pager'
import { Spinner } from '@/components/ui/spinner'
import { JOB_STATUS_LABEL, jobFilter, type JobFilter, type JobStatus, useJobs } from '@/features/jobs/api/jobs'
import { JobStatusBadge } from '@/features/jobs/components/job-status'
import { MeterView } from '@/features/jobs/components/meter-view'
import { useUsers } from '@/features/users/api/users'
import { formatDay } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useSearchText, useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

const STATUSES = Object.keys(JOB_STATUS_LABEL) as JobStatus[]

/** The search box's text into the filter. */
const writeCustomer = (current: JobFilter, customer: string | undefined): JobFilter => ({ ...current, customer })

/** "Oppdrag": the jobs newest first, a page at a time, filtered by state, worker, customer
 * or past the estimate (the filter lives in the address), each with who works on it and
 * its meter. The hours of the month have their own page (`HoursPage`). */
export function JobsPage() {
  useAdminTitle('Oppdrag')
  const [filter, setFilter] = useUrlFilter(jobFilter)
  const jobs = useJobs(filter)
  const users = useUsers()
  const staff = (users.data ?? []).filter((user) => user.is_active).map((user) => ({ id: user.id, name: user.name }))
  const [text, setText] = useSearchText(filter.customer, setFilter, writeCustomer)
  const change = (next: Partial<JobFilter>) => setFilter((current) => ({ ...current, ...next, page: undefined }))
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total_rows / jobs.data.page_size)) : 1
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">Oppdrag</h1>
        {jobs.data && <p className="text-muted-foreground" data-job-count>{jobs.data.total_rows === 1 ? '1 oppdrag' : `${jobs.data.total_rows} oppdrag`}</p>}
      </div>
      <div className="grid gap-3 rounded-xl border border-border bg-card p-4 md:grid-cols-2 xl:grid-cols-[1fr_12rem_14rem_auto] xl:items-end">
        <FormField id="jobs-customer" label="Kunde" hint="Navn, e-post eller telefon">
          {(control) => (
            <div className="relative">
              <Search className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" aria-hidden="true" />
              <Input {...control} type="search" className="pl-10" value={text} onChange={(event) => setText(event.target.value)} />
            </div>
          )}
        </FormField>
        <FormField id="jobs-status" label="Status">
          {(control) => (
            <Select {...control} value={filter.status ?? ''} onChange={(event) => change({ status: (event.target.value || undefined) as JobStatus | undefined })}>
              <option value="">Alle</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {JOB_STATUS_LABEL[status]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="jobs-worker" label="Montør">
          {(control) => (
            <Select {...control} value={filter.worker ?? ''} onChange={(event) => change({ worker: event.target.value || undefined })}>
              <option value="">Alle</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" checked={filter.over ?? false} onChange={(event) => change({ over: event.target.checked || undefined })} />
          Bare over prisoverslaget
        </label>
      </div>
      {jobs.isError && <p className="text-destructive">Kunne ikke hente oppdragene.</p>}
      {jobs.isPending ? (
        <Spinner label="Laster oppdrag..." />
      ) : !jobs.data?.rows.length ? (
        !jobs.isError && (
          <p className="text-muted-foreground">
            {filter.status || filter.worker || filter.customer || filter.over
              ? 'Ingen oppdrag passer filteret.'
              : 'Ingen oppdrag her. Et oppdrag lages fra et akseptert tilbud på henvendelsens side.'}
          </p>
        )
      ) : (
        <>
          <ul className="grid gap-3">
            {jobs.data.rows.map((job) => (
              <li key={job.id} className="grid gap-3 rounded-2xl border border-border bg-card p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.2fr)] md:items-center">
                <div className="min-w-0">
                  <Link to={paths.admin.job(job.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                    {job.title}
                  </Link>
                  <p className="truncate text-sm text-muted-foreground">
                    {job.customer_name}
                    {job.customer_address && `, ${job.customer_address}`}
                  </p>
                </div>
                <div className="grid gap-1 text-sm">
                  <JobStatusBadge status={job.status} />
                  <span className="text-muted-foreground">
                    {job.workers.length ? job.workers.map((worker) => worker.name).join(', ') : 'Ingen satt på'}
                    {job.start_day && `, fra ${formatDay(job.start_day)}`}
                  </span>
                </div>
                <MeterView meter={job.meter} rule={job.price_rule} compact />
              </li>
            ))}
          </ul>
          <Pager page={jobs.data.page} pages={pages} onPage={(page) => setFilter((current) => ({ ...current, page }))} />
        </>
      )}
      <p className="text-sm text-muted-foreground">
        Timene til lønn og godkjenning av måneden står under{' '}
        <Link to={paths.admin.hours} className="text-primary underline underline-offset-4">
          Månedens timer
        </Link>
        .
      </p>
    </div>
  )
}
