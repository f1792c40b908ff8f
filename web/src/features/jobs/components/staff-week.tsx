import { ChevronLeft, ChevronRight, Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { norwegianDay } from '@/lib/format'
import { timeSheetHref } from '../api/jobs'
import { OfficeTime } from './office-time'
import { WeekHours } from './week-hours'

/** The day `weeks` weeks from `day` (`YYYY-MM-DD`). */
function shift(day: string, weeks: number): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + weeks * 7)
  return date.toISOString().slice(0, 10)
}

/** The office's look at one person's hours: whom, which week (back and forth), the week
 * as the person sees it, that person's time sheet for the week's month, and hours entered
 * for them (`OfficeTime`). */
export function StaffWeek({ staff }: { staff: { id: string; name: string }[] }) {
  const [userId, setUserId] = useState('')
  const [day, setDay] = useState(norwegianDay())
  const person = userId || staff[0]?.id || ''
  const chosen = staff.find((member) => member.id === person)
  return (
    <section aria-labelledby="staff-week" className="grid gap-4 rounded-2xl border border-border bg-card p-4">
      <h2 id="staff-week" className="text-lg font-semibold">Timer per person</h2>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id="staff-week-person" label="Person">
          {(control) => (
            <Select {...control} value={person} onChange={(event) => setUserId(event.target.value)}>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div role="group" aria-label="Uke" className="flex gap-2">
          <Button variant="outline" onClick={() => setDay(shift(day, -1))}>
            <ChevronLeft aria-hidden="true" /> Forrige uke
          </Button>
          <Button variant="outline" disabled={day >= norwegianDay()} onClick={() => setDay(shift(day, 1))}>
            Neste uke <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        {person && (
          <span className="flex flex-wrap gap-3 text-sm">
            <a href={timeSheetHref(day.slice(0, 7), { userId: person })} className="inline-flex items-center gap-1 text-primary underline underline-offset-4">
              <Download className="size-4" aria-hidden="true" /> Timeliste for måneden (CSV)
            </a>
            <a href={timeSheetHref(day.slice(0, 7), { userId: person }, 'pdf')} className="inline-flex items-center gap-1 text-primary underline underline-offset-4">
              <Download className="size-4" aria-hidden="true" /> Som PDF
            </a>
          </span>
        )}
      </div>
      {person ? <WeekHours key={person} day={day} userId={person} /> : <p className="text-muted-foreground">Ingen brukere ennå.</p>}
      {chosen && <OfficeTime key={chosen.id} person={chosen} day={day} />}
    </section>
  )
}
