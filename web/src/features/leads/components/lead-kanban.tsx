import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { useQueryClient } from '@tanstack/react-query'
import { GripVertical } from 'lucide-react'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import { type BoardColumn, leadBoardQuery, useLeadBoard } from '../api/get-lead-board'
import type { Lead } from '../api/list-leads'
import { updateLeadStatus } from '../api/update-lead-status'
import { queryKeys } from '@/lib/query-keys'

// With the keyboard, arrow left/right moves a lifted card straight to the next column.
const columnJump: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context
  if (!collisionRect || (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft')) return undefined
  event.preventDefault()
  const centre = collisionRect.left + collisionRect.width / 2
  const columns = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect) => rect !== undefined)
    .sort((a, b) => a.left - b.left)
  const target =
    event.code === 'ArrowRight'
      ? columns.find((rect) => rect.left > centre)
      : [...columns].reverse().find((rect) => rect.left + rect.width < centre)
  return target ? { x: target.left + 8, y: target.top + 48 } : undefined
}

const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  return hits.length > 0 ? hits : rectIntersection(args)
}

export function LeadKanban({ q, source, onOpen }: { q: string; source: string; onOpen: (lead: Lead) => void }) {
  const queryClient = useQueryClient()
  const board = useLeadBoard(q, source, true)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnJump }),
  )

  // The move shows at once; if the server refuses it, the card goes back without a
  // message.
  async function onDragEnd({ active, over }: DragEndEvent) {
    const columns = board.data
    const lead = active.data.current?.lead as Lead | undefined
    const status = over?.id as string | undefined
    if (!columns || !lead || !status || status === lead.status) return
    const key = leadBoardQuery(q, source).queryKey
    const before = columns
    queryClient.setQueryData<BoardColumn[]>(key, moveCard(columns, lead, status))
    try {
      await updateLeadStatus(lead.id, status)
      void queryClient.invalidateQueries({ queryKey: queryKeys.leads.all })
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
    } catch {
      queryClient.setQueryData(key, before)
    }
  }

  if (board.isPending) return <Spinner label="Laster..." />
  if (board.isError) return <p className="text-destructive">Kunne ikke hente tavlen. Prøv igjen.</p>

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      // Columns scroll sideways; measure them as they are, not as they were at the start.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Trykk mellomrom eller Enter for å løfte kortet. Flytt med piltastene til venstre og høyre, slipp med mellomrom eller Enter, avbryt med Escape.',
        },
        announcements: {
          onDragStart: ({ active }) => `Løftet ${labelOf(active.data.current?.lead)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${labelOf(active.data.current?.lead)} er over kolonnen ${over.id}.` : `${labelOf(active.data.current?.lead)} er utenfor kolonnene.`,
          onDragEnd: ({ active, over }) =>
            over ? `${labelOf(active.data.current?.lead)} ble flyttet til ${over.id}.` : `${labelOf(active.data.current?.lead)} ble ikke flyttet.`,
          onDragCancel: ({ active }) => `Flyttingen av ${labelOf(active.data.current?.lead)} ble avbrutt.`,
        },
      }}
    >
      <div className="-mx-1 flex gap-4 overflow-x-auto px-1 pb-4" data-kanban-scroller>
        {board.data.map((column) => (
          <KanbanColumn key={column.status} column={column} onOpen={onOpen} />
        ))}
      </div>
    </DndContext>
  )
}

function labelOf(lead: unknown): string {
  return (lead as Lead | undefined)?.name || 'lead-en'
}

export function moveCard(columns: BoardColumn[], lead: Lead, status: string): BoardColumn[] {
  const moved = { ...lead, status }
  return columns.map((column) => {
    if (column.status === lead.status) {
      return { ...column, total: column.total - 1, items: column.items.filter((l) => l.id !== lead.id) }
    }
    if (column.status === status) return { ...column, total: column.total + 1, items: [moved, ...column.items] }
    return column
  })
}

function KanbanColumn({ column, onOpen }: { column: BoardColumn; onOpen: (lead: Lead) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status })
  return (
    <section
      ref={setNodeRef}
      aria-label={`${column.status}, ${column.total} leads`}
      data-column={column.status}
      className={cn(
        'flex w-72 shrink-0 flex-col rounded-xl border border-border bg-muted/60 p-3',
        isOver && 'ring-3 ring-ring/60',
      )}
    >
      <h3 className="mb-3 flex items-center justify-between px-1 font-semibold">
        {column.status}
        <span className="rounded-full bg-card px-2 py-0.5 text-xs text-muted-foreground" data-count>
          {column.total}
        </span>
      </h3>
      <ul className="flex min-h-24 flex-col gap-2">
        {column.items.map((lead) => (
          <li key={lead.id}>
            <KanbanCard lead={lead} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {column.total > column.items.length && (
        <p className="mt-2 px-1 text-xs text-muted-foreground">
          Viser {column.items.length} av {column.total}. Bruk tabellen for å se alle.
        </p>
      )}
    </section>
  )
}

function KanbanCard({ lead, onOpen }: { lead: Lead; onOpen: (lead: Lead) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: lead.id, data: { lead } })
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      data-lead-card={lead.name}
      className={cn(
        'flex items-start gap-1 rounded-lg border border-border bg-card p-2 shadow-sm',
        isDragging && 'z-10 shadow-lg ring-2 ring-ring',
      )}
    >
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={`Flytt ${lead.name || 'lead'}`}
        className="cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-muted active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <button type="button" onClick={() => onOpen(lead)} className="min-w-0 flex-1 rounded p-1 text-left hover:bg-muted/60">
        <span className="block truncate font-medium">{lead.name || 'Ukjent'}</span>
        <span className="block truncate text-xs text-muted-foreground">{lead.phone || lead.email || lead.kilde}</span>
        <span className="block text-xs text-muted-foreground">{formatDate(lead.created_at)}</span>
      </button>
    </div>
  )
}
