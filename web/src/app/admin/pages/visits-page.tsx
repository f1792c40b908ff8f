import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/components/auth-provider'
import { useVisits, visitWeek } from '@/features/visits/api/visits'
import { CalendarFeeds } from '@/features/visits/components/calendar-feeds'
import { VisitDays } from '@/features/visits/components/visit-days'
import { addDays, monday } from '@/lib/days'
import { formatDay, norwegianDay } from '@/lib/format'
import { useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

/** "Befaringer": a week's befaringer by day (everyone's or one's own), a week back or on,
 * and the private calendar addresses. The week and the filter live in the address. */
export function VisitsPage() {
  useAdminTitle('Befaringer')
  const { user } = useAuth()
  const [chosen, setChosen] = useUrlFilter(visitWeek)
  const week = monday(chosen.day || norwegianDay())
  const mine = chosen.mine
  const visits = useVisits({ from: week, days: 7, staff: mine ? user?.id : undefined })
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Befaringer</h1>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" aria-label="Forrige uke" onClick={() => setChosen((current) => ({ ...current, day: addDays(week, -7) }))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="font-semibold" aria-live="polite">
            Uken fra {formatDay(week)}
          </span>
          <Button variant="outline" size="icon" aria-label="Neste uke" onClick={() => setChosen((current) => ({ ...current, day: addDays(week, 7) }))}>
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setChosen((current) => ({ ...current, day: '' }))}>
            Denne uken
          </Button>
        </div>
        <FormField id="visits-who" label="Vis">
          {(control) => (
            <Select {...control} value={mine ? 'mine' : ''} onChange={(event) => setChosen((current) => ({ ...current, mine: event.target.value === 'mine' }))}>
              <option value="">Alle befaringer</option>
              <option value="mine">Mine befaringer</option>
            </Select>
          )}
        </FormField>
      </div>
      {visits.isPending ? <Spinner label="Laster befaringer..." /> : <VisitDays visits={visits.data ?? []} empty="Ingen befaringer denne uken." />}
      <CalendarFeeds isAdmin={user?.role === 'admin'} />
    </div>
  )
}
