import { MapPin, Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useWeek, useWorkToday } from '@/features/jobs/api/jobs'
import { QuickMaterial } from '@/features/jobs/components/quick-material'
import { QuickTime } from '@/features/jobs/components/quick-time'
import { WeekHours } from '@/features/jobs/components/week-hours'
import { HeldNotices } from '@/features/jobs/held-notices'
import { OutboxList, useOutbox } from '@/features/jobs/outbox'
import { useAuth } from '@/features/auth/components/auth-provider'
import { registerWorker } from '@/lib/offline'
import { formatDay, norwegianDay } from '@/lib/format'
import { phoneHref } from '@/lib/phone'
import { cn } from '@/lib/utils'
import { useAdminTitle } from '../use-admin-title'

const SHORT_DAYS = ['søn', 'man', 'tir', 'ons', 'tor', 'fre', 'lør']

/** The days one may pick to enter hours on: today and the six before it. */
function recentDays(): { day: string; label: string }[] {
  return Array.from({ length: 7 }, (_, back) => {
    const day = norwegianDay(-back)
    const weekday = SHORT_DAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] ?? ''
    const label = back === 0 ? 'I dag' : back === 1 ? 'I går' : `${weekday} ${Number(day.slice(8))}.`
    return { day, label }
  })
}

/**
 * "Mine oppdrag i dag", made for a phone: the jobs the signed-in person works on today,
 * each with its hours in two taps (a length, "Før"; a third picks another day), the other
 * open jobs under them, and the week so far. A montør lands here; the office may use it
 * too.
 */
export function WorkPage() {
  useAdminTitle('Mine oppdrag')
  const owner = useAuth().user?.id ?? ''
  const pending = useOutbox(owner)
  // Installable, and able to start without a network (web/public/sw.js).
  useEffect(registerWorker, [])
  const today = useWorkToday()
  const days = recentDays()
  const [day, setDay] = useState(days[0]?.day ?? norwegianDay())
  const week = useWeek(day)
  const todays = today.data?.jobs ?? []
  const others = (week.data?.jobs ?? []).filter((job) => !todays.some((mine) => mine.id === job.id))
  const label = days.find((choice) => choice.day === day)?.label ?? formatDay(day)
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Mine oppdrag i dag</h1>
      <OutboxList pending={pending} />
      <HeldNotices />
      <div role="group" aria-label="Dag å føre timer på" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {days.map((choice) => (
          <button
            key={choice.day}
            type="button"
            aria-pressed={choice.day === day}
            onClick={() => setDay(choice.day)}
            className={cn(
              'h-11 shrink-0 rounded-full border px-4 text-sm font-semibold',
              choice.day === day ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
            )}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {today.isPending ? (
        <Spinner label="Laster oppdragene..." />
      ) : todays.length === 0 && others.length === 0 ? (
        <p className="text-muted-foreground">Du er ikke satt på noe oppdrag. Kontoret setter deg på oppdragene du skal jobbe på.</p>
      ) : (
        <ul className="grid gap-4">
          {[...todays, ...others].map((job, index) => (
            <li key={job.id}>
              {index === todays.length && todays.length > 0 && <h2 className="mb-3 text-lg font-semibold">Andre åpne oppdrag</h2>}
              <Card className="grid gap-3 p-4">
                <div>
                  <h2 className="text-lg font-semibold">{job.title}</h2>
                  <p className="text-sm">{job.customer_name}</p>
                  {job.customer_address && (
                    <p className="flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin className="size-4" aria-hidden="true" /> {job.customer_address}
                    </p>
                  )}
                  {job.customer_phone && (
                    <a href={phoneHref(job.customer_phone)} className="flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
                      <Phone className="size-4" aria-hidden="true" /> {job.customer_phone}
                    </a>
                  )}
                </div>
                <QuickTime job={job} day={day} dayLabel={label} owner={owner} />
                <details className="border-t border-border pt-3">
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold text-primary">Materiell</summary>
                  <div className="mt-2">
                    <QuickMaterial job={job} catalogue={today.data?.catalogue ?? []} owner={owner} />
                  </div>
                </details>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <WeekHours day={day} />
    </div>
  )
}
