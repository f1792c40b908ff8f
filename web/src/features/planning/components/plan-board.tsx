import {
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { GripVertical } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { reasonOf } from '@/lib/api'
import { formatPlanDay } from '@/lib/days'
import { cn } from '@/lib/utils'
import { type Board, type Planned, useMovePlanDay, usePlanDays } from '../api/planning'
import { BoardDays } from './board-days'
import { BoardGrid, type Dragged, type Target } from './board-grid'
import { CellDialog, type CellChoice } from './cell-dialog'
import { DayDialog } from './day-dialog'
import { type PlannableJob, type PlanStart, PlanDialog } from './plan-dialog'

const ARROWS = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']

/** With the keyboard, an arrow moves a lifted job or day straight to the next cell that
 * way (the nearest one whose middle lies past the card's). */
const cellJump: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context
  if (!collisionRect || !ARROWS.includes(event.code)) return undefined
  event.preventDefault()
  const [x, y] = [collisionRect.left + collisionRect.width / 2, collisionRect.top + collisionRect.height / 2]
  let best: { rect: DOMRect | { left: number; top: number; width: number; height: number }; score: number } | undefined
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect) continue
    const [cx, cy] = [rect.left + rect.width / 2, rect.top + rect.height / 2]
    const [along, across] =
      event.code === 'ArrowRight' ? [cx - x, cy - y] : event.code === 'ArrowLeft' ? [x - cx, cy - y] : event.code === 'ArrowDown' ? [cy - y, cx - x] : [y - cy, cx - x]
    if (along < 4) continue
    const score = along + 3 * Math.abs(across)
    if (!best || score < best.score) best = { rect, score }
  }
  if (!best) return undefined
  return {
    x: best.rect.left + best.rect.width / 2 - collisionRect.width / 2,
    y: best.rect.top + best.rect.height / 2 - collisionRect.height / 2,
  }
}

// The pointer's cell when there is a pointer; with the keyboard, the cell nearest the card.
const collision: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : []
  return hits.length > 0 ? hits : closestCenter(args)
}

const titleOf = (data: unknown) => (data as Dragged | undefined)?.title ?? 'oppdraget'
const placeOf = (data: unknown) => {
  const target = data as Target | undefined
  return target ? `${target.name}, ${formatPlanDay(target.day)}` : 'tavlen'
}

/** The board with its jobs to plan: a job dragged onto a person's day is planned for them
 * that day; a planned day dragged elsewhere moves. Every drag has a dialog beside it for
 * the keyboard and the phone (the "+" of a cell, a job's "Planlegg", a planned day's text). */
export function PlanBoard({ board }: { board: Board }) {
  const toast = useToast()
  const plan = usePlanDays()
  const move = useMovePlanDay()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellJump }),
  )
  const [dragged, setDragged] = useState<Dragged | null>(null)
  const [planning, setPlanning] = useState<PlanStart | null>(null)
  const [opened, setOpened] = useState<{ plan: Planned; person: string } | null>(null)
  const [cell, setCell] = useState<CellChoice | null>(null)
  const people = useMemo(() => board.people.map((row) => ({ id: row.user_id, name: row.name })), [board])
  const jobs = useMemo(() => jobsOf(board), [board])

  function onDragStart({ active }: DragStartEvent) {
    setDragged((active.data.current as Dragged | undefined) ?? null)
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null)
    const what = active.data.current as Dragged | undefined
    const where = over?.data.current as Target | undefined
    if (!what || !where) return
    const place = `${where.name}, ${formatPlanDay(where.day)}`
    const failed = (title: string) => (error: unknown) => toast({ title, description: reasonOf(error), variant: 'destructive' })
    if (what.kind === 'job') {
      plan.mutateAsync({ job_id: what.jobId, user_ids: [where.userId], from: where.day }).then(
        (written) =>
          toast({ title: written.length > 0 ? `${what.title} er planlagt` : `${what.title} var planlagt fra før`, description: place }),
        failed('Kunne ikke planlegge'),
      )
    } else if (what.plan.user_id !== where.userId || what.plan.day !== where.day) {
      move.mutateAsync({ id: what.plan.id, body: { user_id: where.userId, day: where.day } }).then(
        () => toast({ title: `${what.title} er flyttet`, description: place }),
        failed('Kunne ikke flytte dagen'),
      )
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Trykk mellomrom eller Enter for å løfte. Flytt med piltastene mellom personer og dager, slipp med mellomrom eller Enter, avbryt med Escape.',
        },
        announcements: {
          onDragStart: ({ active }) => `Løftet ${titleOf(active.data.current)}.`,
          onDragOver: ({ active, over }) => (over ? `${titleOf(active.data.current)} er over ${placeOf(over.data.current)}.` : `${titleOf(active.data.current)} er utenfor tavlen.`),
          onDragEnd: ({ active, over }) => (over ? `${titleOf(active.data.current)} ble sluppet på ${placeOf(over.data.current)}.` : `${titleOf(active.data.current)} ble ikke flyttet.`),
          onDragCancel: ({ active }) => `Flyttingen av ${titleOf(active.data.current)} ble avbrutt.`,
        },
      }}
    >
      <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="order-2 grid min-w-0 content-start gap-4">
          <BoardGrid board={board} onOpenPlan={(plan, person) => setOpened({ plan, person })} onOpenCell={setCell} />
          <BoardDays board={board} onOpenPlan={(plan, person) => setOpened({ plan, person })} onOpenCell={setCell} />
        </div>
        <JobList jobs={jobs} unplanned={new Set(board.unplanned.map((job) => job.id))} onPlan={(jobId) => setPlanning({ jobId: jobId ?? undefined })} />
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className="flex max-w-48 items-center gap-1 rounded-md border border-border bg-card p-1.5 text-xs font-semibold shadow-lg ring-2 ring-ring">
            <GripVertical className="size-4" aria-hidden="true" />
            {dragged.title}
          </div>
        )}
      </DragOverlay>
      <PlanDialog
        open={planning !== null}
        onOpenChange={(open) => !open && setPlanning(null)}
        jobs={jobs}
        people={people}
        start={planning ?? {}}
        onDone={(count) => {
          setPlanning(null)
          toast({ title: count > 0 ? `${count} ${count === 1 ? 'dag' : 'dager'} planlagt` : 'Alt var planlagt fra før' })
        }}
      />
      <DayDialog plan={opened?.plan ?? null} person={opened?.person ?? ''} people={people} onOpenChange={(open) => !open && setOpened(null)} />
      <CellDialog
        cell={cell}
        people={people}
        onOpenChange={(open) => !open && setCell(null)}
        onPlan={(chosen) => {
          setCell(null)
          setPlanning({ userId: chosen.userId, day: chosen.day })
        }}
      />
    </DndContext>
  )
}

/** The jobs one may plan: those with no day planned first (newest first, as the server
 * sends them), then those on the board already, each once. */
function jobsOf(board: Board): PlannableJob[] {
  const jobs = new Map<string, PlannableJob>()
  for (const job of board.unplanned) jobs.set(job.id, { id: job.id, title: job.title, customer_name: job.customer_name, end_day: job.end_day })
  for (const row of board.people) {
    for (const cell of row.cells) {
      for (const plan of cell.plans) {
        if (!jobs.has(plan.job_id)) jobs.set(plan.job_id, { id: plan.job_id, title: plan.job_title, customer_name: plan.customer_name, end_day: plan.job_end_day })
      }
    }
  }
  return [...jobs.values()]
}

/** The jobs beside the board: drag one onto a person's day, or press "Planlegg". */
function JobList({ jobs, unplanned, onPlan }: { jobs: PlannableJob[]; unplanned: Set<string>; onPlan: (jobId: string | null) => void }) {
  return (
    <section aria-labelledby="plan-jobs" className="order-1 grid content-start gap-2 2xl:order-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="plan-jobs" className="text-lg font-semibold">
          Oppdrag å planlegge
        </h2>
        <Button type="button" size="sm" onClick={() => onPlan(null)}>
          Planlegg oppdrag
        </Button>
      </div>
      {jobs.length === 0 ? (
        <p className="text-sm text-muted-foreground">Ingen åpne oppdrag.</p>
      ) : (
        <ul className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3 2xl:max-h-none 2xl:grid-cols-1">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} unplanned={unplanned.has(job.id)} onPlan={() => onPlan(job.id)} />
          ))}
        </ul>
      )}
    </section>
  )
}

function JobCard({ job, unplanned, onPlan }: { job: PlannableJob; unplanned: boolean; onPlan: () => void }) {
  const dragged: Dragged = { kind: 'job', jobId: job.id, title: job.title }
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `jobb:${job.id}`, data: dragged })
  return (
    <li ref={setNodeRef} data-job-card={job.title} className={cn('flex items-center gap-1 rounded-lg border border-border bg-card p-1.5', isDragging && 'opacity-40')}>
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={`Dra ${job.title} til en person og dag`}
        data-grip
        className="hidden size-7 shrink-0 cursor-grab touch-none place-items-center rounded text-muted-foreground hover:bg-muted active:cursor-grabbing md:grid"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <span className="min-w-0 flex-1 text-sm">
        <span className="block font-medium [overflow-wrap:anywhere]">{job.title}</span>
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {job.customer_name}
          {unplanned ? ' · ikke planlagt' : ''}
        </span>
      </span>
      <Button type="button" variant="outline" size="sm" onClick={onPlan}>
        Planlegg
      </Button>
    </li>
  )
}
