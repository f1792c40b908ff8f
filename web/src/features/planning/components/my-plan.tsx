import { CalendarDays, MapPin } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { clockOf, norwegianDay } from '@/lib/format'
import { type I18n, useI18n } from '@/lib/i18n'
import { monday } from '@/lib/days'
import { whenOnline } from '@/lib/offline'
import { type Cell, type Planned, useMyPlan } from '../api/planning'

/** When a planned day starts, in the montør's language: "Hele dagen", "Fra 07:30", "07:30–15:00". */
function timeText({ t }: I18n, plan: Planned): string {
  if (plan.starts_at === null || plan.starts_at === undefined) return t('plan.allDay')
  if (plan.minutes === null || plan.minutes === undefined) return t('plan.from', { time: clockOf(plan.starts_at) })
  return t('plan.span', { from: clockOf(plan.starts_at), to: clockOf((plan.starts_at + plan.minutes) % 1440) })
}

const busy = (cell: Cell) => cell.plans.length + cell.visits.length > 0 || Boolean(cell.absence)

/**
 * "Planen min" on "Mine oppdrag": what the office planned for the signed-in person today,
 * the rest of this week (and the next, from Friday on), and the calendar subscription
 * that carries it to the phone's own calendar (`children`, from the app: a feature imports
 * no other). Offline it is the one the phone kept (web/public/sw.js); with none kept it
 * says so rather than that nothing is planned.
 */
export function MyPlan({ children }: { children?: ReactNode }) {
  const i18n = useI18n()
  const { t } = i18n
  const today = norwegianDay()
  const plan = useMyPlan({ from: monday(today), days: 14 })
  // Fetched again when the network is back: a plan that could not be read (a basement, a
  // reload there before the phone kept one) is not left saying nothing is planned.
  const { refetch } = plan
  useEffect(() => whenOnline(() => void refetch()), [refetch])
  const cells = plan.data?.people[0]?.cells ?? []
  const todays = cells.find((cell) => cell.day === today)
  const weekEnd = cells[6]?.day ?? today
  const rest = cells.filter((cell) => cell.day > today && cell.day <= weekEnd && busy(cell))
  // From Friday on, the next week is what a montør looks ahead to.
  const next = cells.filter((cell) => cell.day > weekEnd && busy(cell))
  const lateInWeek = cells.findIndex((cell) => cell.day === today) >= 4
  return (
    <section aria-labelledby="my-plan" className="grid gap-3" data-my-plan>
      <h2 id="my-plan" className="text-lg font-semibold">
        {t('plan.title')}
      </h2>
      {plan.isPending ? (
        <Spinner label={t('plan.loading')} />
      ) : plan.isError && !plan.data ? (
        <Card className="p-4" data-plan-failed>
          <p className="text-sm">{t('plan.failed')}</p>
        </Card>
      ) : (
        <>
          <Card className="grid gap-2 p-4" data-plan-today>
            <h3 className="font-semibold">{t('plan.today')}</h3>
            {todays && busy(todays) ? <DayPlan cell={todays} /> : <p className="text-sm text-muted-foreground">{t('plan.todayNone')}</p>}
          </Card>
          <Days title={t('plan.week')} cells={rest} empty={t('plan.weekNone')} />
          {lateInWeek && next.length > 0 && <Days title={t('plan.nextWeek')} cells={next} />}
        </>
      )}
      {children}
    </section>
  )
}

function Days({ title, cells, empty }: { title: string; cells: Cell[]; empty?: string }) {
  const { date, weekday } = useI18n()
  return (
    <Card className="grid gap-3 p-4" data-plan-week>
      <h3 className="font-semibold">{title}</h3>
      {cells.length === 0 && empty && <p className="text-sm text-muted-foreground">{empty}</p>}
      <ul className="grid gap-3">
        {cells.map((cell) => {
          const [year = 1970, month = 1, day = 1] = cell.day.split('-').map(Number)
          const index = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7
          return (
            <li key={cell.day} className="grid gap-1 border-t border-border pt-2 first:border-t-0 first:pt-0">
              <span className="text-sm font-semibold">
                {weekday(index)} {date(cell.day)}
              </span>
              <DayPlan cell={cell} />
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

/** One day of the plan: away, the jobs with where and when, the befaringer. */
function DayPlan({ cell }: { cell: Cell }) {
  const i18n = useI18n()
  const { t } = i18n
  return (
    <div className="grid gap-2">
      {cell.absence && <p className="text-sm font-semibold">{t(`plan.${cell.absence}`)}</p>}
      {cell.plans.map((plan) => (
        <div key={plan.id} className="grid" data-my-plan-day={plan.job_title}>
          <span className="font-medium">{plan.job_title}</span>
          <span className="text-sm">
            {plan.customer_name} · {timeText(i18n, plan)}
          </span>
          {plan.customer_address && (
            <span className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-4" aria-hidden="true" /> {plan.customer_address}
            </span>
          )}
        </div>
      ))}
      {cell.visits.map((visit) => (
        <span key={visit.id} className="flex items-center gap-1 text-sm">
          <CalendarDays className="size-4" aria-hidden="true" /> {t('plan.visit', { time: visit.start, customer: visit.customer_name })}
        </span>
      ))}
    </div>
  )
}
