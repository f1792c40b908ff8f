import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { kroner } from '@/lib/money'
import { paths } from '@/lib/paths'
import { AGREEMENT_LABEL, type JobDetail, useCreateChange } from '../api/jobs'

type Change = JobDetail['changes'][number]

/** A job's tilleggsarbeid: each change order with its state (`status` draws it, as the
 * quotes show theirs) and sum (excluding MVA, as the meter counts), and "Nytt
 * tilleggsarbeid", which makes a draft and opens it in the quote editor. Accepted ones
 * raise the budget. */
export function JobChanges({ job, status }: { job: JobDetail; status: (status: Change['status']) => ReactNode }) {
  const create = useCreateChange(job.id)
  const navigate = useNavigate()
  const toast = useToast()
  const open = job.status === 'planned' || job.status === 'in_progress'
  return (
    <section aria-labelledby="job-changes" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="job-changes" className="text-lg font-semibold">Tilleggsarbeid</h2>
        {open && (
          <Button
            variant="outline"
            size="sm"
            disabled={create.isPending}
            onClick={() =>
              create.mutateAsync().then(
                (quote) => navigate(paths.admin.quote(quote.id)),
                (error: unknown) =>
                  toast({ title: 'Kunne ikke lage tilleggsarbeidet', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
              )
            }
          >
            <Plus aria-hidden="true" /> Nytt tilleggsarbeid
          </Button>
        )}
      </div>
      {job.changes.length === 0 ? (
        <p className="text-muted-foreground">Ingen tilleggsarbeid. Arbeid utover tilbudet krever kundens aksept (håndverkertjenesteloven § 9).</p>
      ) : (
        <ul className="grid gap-2">
          {job.changes.map((change) => (
            <li key={change.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
              <span className="grid gap-0.5">
                <Link to={paths.admin.quote(change.id)} className="font-semibold text-primary underline underline-offset-4">
                  Tilleggsarbeid {change.number}
                  {change.version > 1 && ` v${change.version}`}
                </Link>
                {change.lines[0] && <span className="text-sm text-muted-foreground">{change.lines[0].description}</span>}
                {change.agreed_how && <span className="text-sm">{AGREEMENT_LABEL[change.agreed_how]}</span>}
              </span>
              <span className="flex items-center gap-3 text-sm">
                {status(change.status)}
                <span className="tabular-nums">{kroner(change.net_total)} eks. MVA</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
