import { Button } from '@/components/ui/button'
import { formatPlanDay } from '@/lib/days'
import { norwegianDay } from '@/lib/format'
import type { Board, Planned } from '../api/planning'
import { PlanText } from './board-grid'
import type { CellChoice } from './cell-dialog'
import { Away, Conflicts, Visits } from './cell-parts'

/** The board under `md` (a phone): a list per day, each person with something on it, then
 * who is free; a tap opens a planned day or a person's day. */
export function BoardDays({
  board,
  onOpenPlan,
  onOpenCell,
}: {
  board: Board
  onOpenPlan: (plan: Planned, person: string) => void
  onOpenCell: (cell: CellChoice) => void
}) {
  const today = norwegianDay()
  return (
    <div className="grid gap-4 md:hidden" data-plan-days>
      {board.days.map((day, index) => {
        const rows = board.people.map((row) => ({ row, cell: row.cells[index] })).filter((entry) => entry.cell !== undefined)
        const busy = rows.filter(({ cell }) => cell!.plans.length + cell!.visits.length > 0 || cell!.absence)
        const free = rows.filter((entry) => !busy.includes(entry))
        return (
          <section key={day} aria-labelledby={`plan-day-${day}`} className="rounded-xl border border-border p-3">
            <h2 id={`plan-day-${day}`} className="mb-2 font-semibold first-letter:uppercase">
              {formatPlanDay(day)}
              {day === today && <span className="font-normal text-muted-foreground"> (i dag)</span>}
            </h2>
            {busy.length === 0 && <p className="text-sm text-muted-foreground">Ingen er planlagt.</p>}
            <ul className="grid gap-3">
              {busy.map(({ row, cell }) => (
                <li key={row.user_id} className="grid gap-1" data-day-person={row.name}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{row.name}</span>
                    <Away cell={cell!} />
                  </div>
                  {cell!.plans.map((plan) => (
                    <button
                      key={plan.id}
                      type="button"
                      onClick={() => onOpenPlan(plan, row.name)}
                      className="min-h-11 rounded-md border border-border bg-card p-2 text-left hover:bg-muted/60"
                    >
                      <PlanText plan={plan} />
                    </button>
                  ))}
                  <Visits cell={cell!} />
                  <Conflicts cell={cell!} />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="justify-self-start"
                    aria-label={`${row.name}, ${formatPlanDay(day)}: planlegg eller før fravær`}
                    onClick={() => onOpenCell({ userId: row.user_id, name: row.name, day, absence: cell!.absence ?? null })}
                  >
                    Fravær eller nytt oppdrag
                  </Button>
                </li>
              ))}
            </ul>
            {free.length > 0 && (
              <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-border pt-2 text-sm">
                <span className="text-muted-foreground">Ledige:</span>
                {free.map(({ row }) => (
                  <Button
                    key={row.user_id}
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`${row.name}, ${formatPlanDay(day)}: planlegg eller før fravær`}
                    onClick={() => onOpenCell({ userId: row.user_id, name: row.name, day, absence: null })}
                  >
                    {row.name}
                  </Button>
                ))}
              </div>
            )}
          </section>
        )
      })}
    </div>
  )
}
