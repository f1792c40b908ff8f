import { Link } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { JOB_STATUS_LABEL, type JobStatus, useJobs } from '@/features/jobs/api/jobs'
import { JobStatusBadge } from '@/features/jobs/components/job-status'
import { MeterView } from '@/features/jobs/components/meter-view'
import { StaffWeek } from '@/features/jobs/components/staff-week'
import { useUsers } from '@/features/users/api/users'
import { formatDay } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { UrlFilter } from '@/lib/url-filter'
import { useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

const STATUSES = Object.keys(JOB_STATUS_LABEL) as JobStatus[]

/** The list's filter in the address (`/admin/oppdrag?status=in_progress`). */
const jobFilter: UrlFilter<{ status: JobStatus | '' }> = {
  read: (params) => {
    const status = params.get('status') ?? ''
    return { status: (STATUSES as string[]).includes(status) ? (status as JobStatus) : '' }
  },
  write: (filter) => ({ status: filter.status || undefined }),
}

/** "Oppdrag": every job, newest first, with who works on it and its meter; under them
 * each person's week of hours. */
export function JobsPage() {
  useAdminTitle('Oppdrag')
  const [filter, setFilter] = useUrlFilter(jobFilter)
  const jobs = useJobs(filter.status || undefined)
  const users = useUsers()
  const staff = (users.data ?? []).filter((user) => user.is_active).map((user) => ({ id: user.id, name: user.name }))
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">Oppdrag</h1>
        <FormField id="jobs-status" label="Status">
          {(control) => (
            <Select {...control} value={filter.status} onChange={(event) => setFilter({ status: event.target.value as JobStatus | '' })}>
              <option value="">Alle</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {JOB_STATUS_LABEL[status]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {jobs.isPending ? (
        <Spinner label="Laster oppdrag..." />
      ) : !jobs.data?.length ? (
        <p className="text-muted-foreground">Ingen oppdrag her. Et oppdrag lages fra et akseptert tilbud på henvendelsens side.</p>
      ) : (
        <ul className="grid gap-3">
          {jobs.data.map((job) => (
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
      )}
      <StaffWeek staff={staff} />
    </div>
  )
}
