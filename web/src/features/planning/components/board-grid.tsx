import { useDraggable, useDroppable } from '@dnd-kit/core'
import { AlertTriangle, GripHorizontal, Plus } from 'lucide-react'
import { formatPlanDay, formatShortDay } from '@/lib/days'
import { norwegianDay } from '@/lib/format'
import { cn } from '@/lib/utils'
import { type Board, type BoardRow, type Cell, type Planned, timeOf } from '../api/planning'
import type { CellChoice } from './cell-dialog'
import { Away, Conflicts, Visits } from './cell-parts'

/** What is dragged, and where it lands (`PlanBoard` reads these on a drop). */
export type Dragged = { kind: 'job'; jobId: string; title: string } | { kind: 'plan'; plan: Planned; title: string }
export type Target = { userId: string; name: string; day: string }

export const cellId = (userId: string, day: string) => `celle:${userId}:${day}`

/** The board from `md` up: a row per person, a column per day; each cell takes a dragged
 * job (planned that day) or planned day (moved there). */
export function BoardGrid({
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
    <div className="hidden overflow-x-auto rounded-xl border border-border md:block" data-plan-grid>
      <table className={cn('w-full table-fixed border-collapse', board.days.length > 7 ? 'min-w-[112rem]' : 'min-w-[60rem]')}>
        <caption className="sr-only">Planleggingstavle: en rad per person, en kolonne per dag</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-36 border-b border-border bg-muted p-2 text-left text-sm font-semibold">
              Person
            </th>
            {board.days.map((day) => (
              <th
                key={day}
                scope="col"
                aria-current={day === today ? 'date' : undefined}
                className={cn('border-b border-l border-border bg-muted p-2 text-left text-sm font-semibold', day === today && 'bg-primary text-primary-foreground')}
              >
                <abbr title={formatPlanDay(day)} className="no-underline">
                  {formatShortDay(day)}
                </abbr>
                {day === today && <span className="block text-xs font-normal">i dag</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.people.map((row) => (
            <tr key={row.user_id}>
              <th scope="row" className="sticky left-0 z-10 border-b border-border bg-card p-2 text-left align-top text-sm font-semibold [overflow-wrap:anywhere]">
                {row.name}
              </th>
              {row.cells.map((cell) => (
                <BoardCell key={cell.day} row={row} cell={cell} onOpenPlan={onOpenPlan} onOpenCell={onOpenCell} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function BoardCell({
  row,
  cell,
  onOpenPlan,
  onOpenCell,
}: {
  row: BoardRow
  cell: Cell
  onOpenPlan: (plan: Planned, person: string) => void
  onOpenCell: (cell: CellChoice) => void
}) {
  const target: Target = { userId: row.user_id, name: row.name, day: cell.day }
  const { setNodeRef, isOver } = useDroppable({ id: cellId(row.user_id, cell.day), data: target })
  const clash = cell.conflicts.length > 0
  const where = `${row.name}, ${formatPlanDay(cell.day)}`
  return (
    <td
      ref={setNodeRef}
      data-cell={`${row.name} ${cell.day}`}
      className={cn(
        'h-24 border-b border-l border-border p-1.5 align-top',
        cell.absence && 'bg-muted/70',
        clash && 'bg-destructive/5 ring-2 ring-destructive/60 ring-inset',
        isOver && 'ring-3 ring-ring ring-inset',
      )}
    >
      <div className="mb-1 flex items-start justify-between gap-1">
        <Away cell={cell} />
        <button
          type="button"
          aria-label={`${where}: planlegg eller før fravær`}
          onClick={() => onOpenCell({ userId: row.user_id, name: row.name, day: cell.day, absence: cell.absence ?? null })}
          data-cell-plus
          className="ml-auto inline-grid size-7 shrink-0 place-items-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      {cell.plans.map((plan) => (
        <PlanChip key={plan.id} plan={plan} where={where} onOpen={() => onOpenPlan(plan, row.name)} />
      ))}
      <Visits cell={cell} />
      <Conflicts cell={cell} />
    </td>
  )
}

/** A planned day on the board: its grip moves it (pointer, touch or keyboard), the rest opens it. */
function PlanChip({ plan, where, onOpen }: { plan: Planned; where: string; onOpen: () => void }) {
  const dragged: Dragged = { kind: 'plan', plan, title: plan.job_title }
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `dag:${plan.id}`, data: dragged })
  return (
    <div ref={setNodeRef} data-plan={plan.job_title} className={cn('mb-1 rounded-md border border-border bg-card shadow-sm', isDragging && 'opacity-40')}>
      <div className="flex items-center gap-1">
        <button
          type="button"
          {...listeners}
          {...attributes}
          aria-label={`Flytt ${plan.job_title} (${where})`}
          data-grip
          className="inline-grid size-7 shrink-0 cursor-grab touch-none place-items-center rounded-tl-md text-muted-foreground hover:bg-muted active:cursor-grabbing"
        >
          <GripHorizontal className="size-4" aria-hidden="true" />
        </button>
        <span className="text-xs text-muted-foreground">{timeOf(plan)}</span>
      </div>
      <button type="button" onClick={onOpen} className="block w-full rounded-b-md px-1.5 pb-1 text-left hover:bg-muted/60">
        <PlanText plan={plan} time={false} />
      </button>
    </div>
  )
}

/** A planned day's words: the job, the customer, the address, the time. */
export function PlanText({ plan, time = true }: { plan: Planned; time?: boolean }) {
  return (
    <>
      <span className="block text-xs font-semibold break-words">{plan.job_title}</span>
      {plan.after_end && plan.job_end_day && (
        <span className="flex items-start gap-1 text-xs font-medium text-destructive" data-after-end>
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>Etter siste dag ({formatShortDay(plan.job_end_day)})</span>
        </span>
      )}
      <span className="block text-xs break-words">{plan.customer_name}</span>
      {plan.customer_address && <span className="block text-xs text-muted-foreground break-words">{plan.customer_address}</span>}
      {time && <span className="block text-xs text-muted-foreground">{timeOf(plan)}</span>}
    </>
  )
}
