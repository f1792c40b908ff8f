import { MapPin, Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useToast } from '@/components/toast'
import { Card } from '@/components/ui/card'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { useWeek, useWorkToday } from '@/features/jobs/api/jobs'
import { QuickMaterial } from '@/features/jobs/components/quick-material'
import { QuickTime } from '@/features/jobs/components/quick-time'
import { WeekHours } from '@/features/jobs/components/week-hours'
import { HeldNotices } from '@/features/jobs/held-notices'
import { MyPlan } from '@/features/planning/components/my-plan'
import { OutboxList, useOutbox } from '@/features/jobs/outbox'
import { useAuth } from '@/features/auth/components/auth-provider'
import { registerWorker } from '@/lib/offline'
import { norwegianDay } from '@/lib/format'
import { type I18n, isLanguage, LANGUAGES, useI18n } from '@/lib/i18n'
import { phoneHref } from '@/lib/phone'
import { cn } from '@/lib/utils'
import { OwnFeed } from '../components/own-feed'
import { useAdminTitle } from '../use-admin-title'

/** The days one may pick to enter hours on: today and the six before it. */
function recentDays({ t, shortDay }: I18n): { day: string; label: string }[] {
  return Array.from({ length: 7 }, (_, back) => {
    const day = norwegianDay(-back)
    const label = back === 0 ? t('work.today') : back === 1 ? t('work.yesterday') : shortDay(day)
    return { day, label }
  })
}

/** The language of the montør's own screens, kept on their profile. */
function LanguagePicker() {
  const { user, changeLanguage } = useAuth()
  const { t } = useI18n()
  const toast = useToast()
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>{t('language.label')}</span>
      <Select
        className="h-11 w-auto"
        value={user?.language ?? 'nb'}
        onChange={(event) => {
          const language = event.target.value
          if (isLanguage(language)) changeLanguage(language).catch((error: unknown) => toast({ title: error instanceof Error ? error.message : '', variant: 'destructive' }))
        }}
      >
        {LANGUAGES.map((choice) => (
          <option key={choice.code} value={choice.code} lang={choice.code}>
            {choice.name}
          </option>
        ))}
      </Select>
    </label>
  )
}

/**
 * "Mine oppdrag i dag", made for a phone: the jobs the signed-in person works on today,
 * each with its hours in two taps (a length, "Før"; a third picks another day), the other
 * open jobs under them, and the week so far. A montør lands here; the office may use it
 * too.
 */
export function WorkPage() {
  const i18n = useI18n()
  const { t } = i18n
  useAdminTitle(t('shell.myJobs'))
  const owner = useAuth().user?.id ?? ''
  const pending = useOutbox(owner)
  // Installable, and able to start without a network (web/public/sw.js).
  useEffect(registerWorker, [])
  const today = useWorkToday()
  const days = recentDays(i18n)
  const [day, setDay] = useState(days[0]?.day ?? norwegianDay())
  const week = useWeek(day)
  const todays = today.data?.jobs ?? []
  const others = (week.data?.jobs ?? []).filter((job) => !todays.some((mine) => mine.id === job.id))
  const label = days.find((choice) => choice.day === day)?.label ?? i18n.date(day)
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('work.title')}</h1>
        <LanguagePicker />
      </div>
      <OutboxList pending={pending} />
      <HeldNotices />
      <div role="group" aria-label={t('work.days')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
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
        <Spinner label={t('work.loading')} />
      ) : todays.length === 0 && others.length === 0 ? (
        <p className="text-muted-foreground">{t('work.none')}</p>
      ) : (
        <ul className="grid gap-4">
          {[...todays, ...others].map((job, index) => (
            <li key={job.id}>
              {index === todays.length && todays.length > 0 && <h2 className="mb-3 text-lg font-semibold">{t('work.others')}</h2>}
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
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold text-primary">{t('work.materials')}</summary>
                  <div className="mt-2">
                    <QuickMaterial job={job} catalogue={today.data?.catalogue ?? []} owner={owner} />
                  </div>
                </details>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <MyPlan>
        <OwnFeed />
      </MyPlan>
      <WeekHours day={day} />
    </div>
  )
}
