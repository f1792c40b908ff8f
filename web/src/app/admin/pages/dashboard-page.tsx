import { ArrowRight, BellRing, CalendarDays, CheckCircle2, Inbox, Sparkles, Wrench } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { Spinner } from '@/components/ui/spinner'
import { useDashboard } from '@/features/dashboard/api/dashboard'
import { LaunchChecklist } from '@/features/dashboard/components/launch-checklist'
import { TodoList } from '@/features/dashboard/components/todo-list'
import { kroner } from '@/lib/money'
import { hours } from '@/features/jobs/api/jobs'
import { useVisits } from '@/features/visits/api/visits'
import { VisitDays } from '@/features/visits/components/visit-days'
import { formatDate, formatDay, norwegianDay } from '@/lib/format'
import { useAdminTitle } from '../use-admin-title'

export function DashboardPage() {
  useAdminTitle('Oversikt')
  const { data, isPending, isError } = useDashboard()
  // Each count links to the list that shows exactly what it counts.
  const counters = [
    { label: 'Nye leads (7d)', value: data?.new_leads_7d, icon: Sparkles, to: `${paths.admin.leads}?days=7` },
    { label: 'Åpne leads', value: data?.open_leads, icon: Inbox, to: `${paths.admin.leads}?kind=open` },
    { label: 'Vunnet (30d)', value: data?.won_30d, icon: CheckCircle2, to: `${paths.admin.leads}?kind=won&days=30` },
    { label: 'Aktive tjenester', value: data?.active_services, icon: Wrench, to: `${paths.admin.services}?active=1` },
  ]
  return (
    <>
      <h1 className="text-3xl font-bold">Oversikt</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {counters.map((counter) => (
          <li key={counter.label}>
            <Link to={counter.to} className="group block rounded-xl focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none">
              <Card className="flex items-center justify-between p-5 transition-colors group-hover:border-accent-strong">
                <div>
                  <p className="text-sm font-medium text-muted-foreground">{counter.label}</p>
                  <p className="mt-1 text-3xl font-bold" data-counter={counter.label}>
                    {counter.value ?? '–'}
                  </p>
                </div>
                <counter.icon className="size-8 text-accent-strong dark:text-accent" aria-hidden="true" />
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      {data && <TodoList items={data.todo} />}
      {data && (
        <section aria-labelledby="quote-figures" className="mt-6">
          <h2 id="quote-figures" className="sr-only">Tilbud</h2>
          <FigureCards kind="quote" figures={[
              { label: 'Utestående tilbud', value: kroner(data.quotes.open_value), note: `${data.quotes.open_count} sendt og åpne`, to: `${paths.admin.quotes}?status=sent` },
              { label: 'Akseptert denne måneden', value: String(data.quotes.accepted_month), note: kroner(data.quotes.accepted_month_value), to: `${paths.admin.quotes}?status=accepted` },
              { label: 'Andel akseptert', value: data.quotes.accepted_share === null ? '–' : `${data.quotes.accepted_share} %`, note: 'av besvarte og utløpte tilbud', to: paths.admin.quotes },
          ]} />
        </section>
      )}
      {data && (
        <section aria-labelledby="job-figures" className="mt-6">
          <h2 id="job-figures" className="sr-only">Oppdrag</h2>
          <FigureCards kind="job" figures={[
              { label: 'Oppdrag i arbeid', value: String(data.jobs.in_progress), note: 'status «I arbeid»', to: `${paths.admin.jobs}?status=in_progress` },
              { label: 'Timer denne uken', value: hours(data.jobs.minutes_this_week), note: 'ført av alle, fra mandag', to: paths.admin.jobs },
              { label: 'Over prisoverslaget', value: String(data.jobs.over_estimate.length), note: data.jobs.over_estimate.some((job) => job.needs_contact) ? 'venter på kontakt med kunden (§ 7)' : 'oppdrag som har passert anslaget', to: paths.admin.jobs },
          ]} />
          {data.jobs.over_estimate.length > 0 && (
            <ul className="mt-3 grid gap-2" aria-label="Oppdrag over prisoverslaget">
              {data.jobs.over_estimate.map((job) => (
                <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
                  <Link to={paths.admin.job(job.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                    {job.title}, {job.customer_name}
                  </Link>
                  <span className="tabular-nums">
                    {kroner(job.used)} av {kroner(job.budget)}
                    {job.needs_contact && (
                      <span className="ml-2 font-semibold text-destructive">
                        Kontakt kunden (§ 7){job.held > 0 && `: ${kroner(job.held)} venter`}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {data && (
        <section aria-labelledby="money-figures" className="mt-6" data-money-figures>
          <h2 id="money-figures" className="text-lg font-semibold">Penger inn</h2>
          <FigureCards kind="money" className="mt-2" figures={[
              {
                label: 'Utestående',
                value: kroner(data.money.outstanding.not_due + data.money.outstanding.days_1_30 + data.money.outstanding.days_31_60 + data.money.outstanding.over_60),
                note: `${kroner(data.money.outstanding.not_due)} ikke forfalt`,
                to: `${paths.admin.invoices}?status=unpaid`,
              },
              { label: 'Innbetalt denne måneden', value: kroner(data.money.paid_this_month), note: 'ført på fakturaer', to: `${paths.admin.invoices}?status=paid` },
              { label: 'Til avklaring', value: String(data.money.waiting), note: 'innbetalinger fra banken', to: paths.admin.invoices },
              { label: 'Purringer å sende', value: String(data.money.reminders_due), note: 'blant de ubetalte fakturaene', to: `${paths.admin.invoices}?status=unpaid` },
          ]} />
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Utestående etter alder">
            {[
              ['Ikke forfalt', data.money.outstanding.not_due],
              ['1–30 dager over forfall', data.money.outstanding.days_1_30],
              ['31–60 dager over forfall', data.money.outstanding.days_31_60],
              ['Over 60 dager over forfall', data.money.outstanding.over_60],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border border-border p-3">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{kroner(value as number)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {data && data.launch_checklist.length > 0 && <LaunchChecklist steps={data.launch_checklist} />}
      <WeekVisits />
      {data && (
        <Card className="mt-8 p-6" data-follow-ups>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <BellRing className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
              Oppfølging i dag og forfalt
            </h2>
            {data.follow_ups_due > 0 && (
              <Link
                to={`${paths.admin.leads}?follow_up=due&kind=open`}
                className="inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline dark:text-accent"
              >
                Se alle {data.follow_ups_due}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            )}
          </div>
          {data.quotes.expiring.length > 0 && (
            <ul className="mt-4 divide-y divide-border" aria-label="Tilbud som går ut snart">
              {data.quotes.expiring.map((quote) => (
                <li key={quote.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-expiring-quote>
                  <div>
                    <Link to={paths.admin.quote(quote.id)} className="font-semibold hover:underline">
                      Tilbud {quote.label} til {quote.customer_name}
                    </Link>
                    <p className="text-sm text-muted-foreground">{kroner(quote.total)} inkl. MVA</p>
                  </div>
                  <span className="text-sm font-semibold">Går ut {formatDay(quote.valid_until)}</span>
                </li>
              ))}
            </ul>
          )}
          {data.follow_ups.length === 0 ? (
            data.quotes.expiring.length === 0 && <p className="mt-4 text-muted-foreground">Ingen oppfølginger i dag. Godt jobbet!</p>
          ) : (
            <ul className="mt-4 divide-y divide-border">
              {data.follow_ups.map((lead) => {
                const overdue = lead.follow_up < norwegianDay()
                return (
                  <li key={lead.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div>
                      <Link to={`${paths.admin.leads}?lead=${lead.id}`} className="font-semibold hover:underline">
                        {lead.name || 'Ukjent'}
                      </Link>
                      <p className="text-sm text-muted-foreground">{lead.assignee ? `Ansvarlig: ${lead.assignee}` : 'Ingen ansvarlig'}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <Badge>{lead.status}</Badge>
                      <span className={overdue ? 'text-sm font-semibold text-destructive' : 'text-sm font-semibold'}>
                        {overdue ? `Forfalt ${formatDay(lead.follow_up)}` : 'I dag'}
                      </span>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </Card>
      )}
      <Card className="mt-8 p-6">
        <h2 className="text-xl font-semibold">Siste aktivitet</h2>
        {isPending ? (
          <Spinner label="Laster..." />
        ) : isError ? (
          <p className="mt-4 text-destructive">Kunne ikke hente oversikten. Prøv igjen.</p>
        ) : data.latest.length === 0 ? (
          <p className="mt-4 text-muted-foreground">Ingen aktivitet å vise ennå.</p>
        ) : (
          <ul className="mt-4 divide-y divide-border">
            {data.latest.map((lead) => (
              <li key={lead.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <Link to={`${paths.admin.leads}?lead=${lead.id}`} className="font-semibold hover:underline">
                    {lead.name || 'Ukjent'}
                  </Link>
                  <p className="text-sm text-muted-foreground">Ny lead opprettet</p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge>{lead.status}</Badge>
                  <span className="text-sm text-muted-foreground">{formatDate(lead.created_at)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  )
}

/** Today's befaringer and the rest of this week's (to Sunday), with a link to them all. */
function WeekVisits() {
  const today = norwegianDay()
  const [year = 1970, month = 1, date = 1] = today.split('-').map(Number)
  const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7
  const visits = useVisits({ from: today, days: 7 - weekday })
  const all = visits.data ?? []
  return (
    <Card className="mt-8 grid gap-4 p-6" data-week-visits>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <CalendarDays className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
          Befaringer i dag og denne uken
        </h2>
        <Link to={paths.admin.visits} className="inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline dark:text-accent">
          Alle befaringer
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {visits.isPending ? (
        <Spinner label="Laster befaringer..." />
      ) : (
        <>
          <VisitDays visits={all.filter((visit) => visit.day === today)} empty="Ingen befaringer i dag." />
          {weekday < 6 && <VisitDays visits={all.filter((visit) => visit.day !== today)} empty="Ingen flere befaringer denne uken." />}
        </>
      )}
    </Card>
  )
}

/** A row of figures, each a card that links to where it is worked; `kind` names the
 * figures for the tests (`data-quote-figure`, `data-job-figure`, `data-money-figure`). */
function FigureCards({ kind, figures, className }: { kind: 'quote' | 'job' | 'money'; figures: { label: string; value: string; note: string; to: string }[]; className?: string }) {
  return (
    <ul className={cn('grid gap-4', figures.length === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3', className)}>
      {figures.map((figure) => (
        <li key={figure.label}>
          <Link to={figure.to} className="group block rounded-xl focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none">
            <Card className="p-5 transition-colors group-hover:border-accent-strong">
              <p className="text-sm font-medium text-muted-foreground">{figure.label}</p>
              <p className="mt-1 text-2xl font-bold tabular-nums" {...{ [`data-${kind}-figure`]: figure.label }}>
                {figure.value}
              </p>
              <p className="text-sm text-muted-foreground">{figure.note}</p>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  )
}
