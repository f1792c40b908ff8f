import { Link } from 'react-router'
import { formatWeekday } from '@/lib/days'
import { paths } from '@/lib/paths'
import type { VisitListed } from '../api/visits'

/** Befaringer by day: each day's heading, then its befaringer in time order, each with the
 * customer (a link to the lead), the address and who goes. */
export function VisitDays({ visits, empty }: { visits: VisitListed[]; empty: string }) {
  if (!visits.length) return <p className="text-muted-foreground">{empty}</p>
  const days = [...new Set(visits.map((visit) => visit.day))]
  return (
    <div className="grid gap-4">
      {days.map((day) => (
        <section key={day} aria-label={formatWeekday(day)} className="grid gap-2">
          <h3 className="font-semibold first-letter:uppercase">{formatWeekday(day)}</h3>
          <ul className="grid gap-2">
            {visits
              .filter((visit) => visit.day === day)
              .map((visit) => (
                <li key={visit.id} data-visit className="grid gap-1 rounded-lg border border-border p-3 sm:grid-cols-[8rem_1fr]">
                  <span className="font-semibold whitespace-nowrap tabular-nums">
                    {visit.start}–{visit.end}
                  </span>
                  <span className="grid gap-0.5">
                    <Link to={paths.admin.lead(visit.lead_id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                      {visit.lead_name}
                    </Link>
                    <span className="text-sm">{[visit.lead_address, visit.lead_postnr].filter(Boolean).join(', ') || 'Adresse ikke oppgitt'}</span>
                    <span className="text-sm text-muted-foreground">Drar: {visit.staff_name}</span>
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
