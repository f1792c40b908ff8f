import { AlertTriangle, CalendarDays } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { ABSENCE_WORDS, type Cell } from '../api/planning'

/** What clashes in a person's day, said in words (and never only in colour). */
export function Conflicts({ cell }: { cell: Cell }) {
  if (cell.conflicts.length === 0) return null
  return (
    <ul className="grid gap-0.5" data-conflicts>
      {cell.conflicts.map((conflict, index) => (
        <li key={`${conflict.kind}-${index}`} className="flex items-start gap-1 text-xs font-medium text-destructive">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{conflict.text}</span>
        </li>
      ))}
    </ul>
  )
}

/** The befaringer of a person's day. */
export function Visits({ cell }: { cell: Cell }) {
  if (cell.visits.length === 0) return null
  return (
    <ul className="grid gap-0.5">
      {cell.visits.map((visit) => (
        <li key={visit.id} className="flex items-start gap-1 text-xs text-muted-foreground">
          <CalendarDays className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="[overflow-wrap:anywhere]">
            Befaring {visit.start} {visit.customer_name}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The day away, when the person is. */
export function Away({ cell }: { cell: Cell }) {
  if (!cell.absence) return null
  return (
    <Badge variant="accent" className="px-2 py-0.5 text-xs" data-absence={cell.absence}>
      {ABSENCE_WORDS[cell.absence]}
    </Badge>
  )
}
