import {
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
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useQueryClient } from '@tanstack/react-query'
import { useToast } from '@/components/toast'
import { GripVertical } from 'lucide-react'
import { createContext, useContext, useMemo, useState } from 'react'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { formatDate, formatDay, norwegianDay } from '@/lib/format'
import { cn } from '@/lib/utils'
import { type BoardColumn, type BoardFilter, type Lead, leadBoardQuery, type StaffMember, updateLeadStatus, useLeadBoard } from '../api/leads'
import { DuplicateBadge } from './status-badge'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

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

/** Staff by id, for the owner on a card. */
const StaffNames = createContext<Record<string, string>>({})

export function LeadKanban({
  filter,
  onOpen,
  staff = [],
}: {
  filter: BoardFilter
  onOpen: (lead: Lead) => void
  /** Who works the leads, for the owner on each card. */
  staff?: StaffMember[]
}) {
  const names = useMemo(() => Object.fromEntries(staff.map((member) => [member.id, member.name])), [staff])
  const queryClient = useQueryClient()
  const toast = useToast()
  const board = useLeadBoard(filter, true)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnJump }),
  )

  const [dragged, setDragged] = useState<Lead | null>(null)
  // On a phone one column shows at a time; this is the one picked.
  const [shown, setShown] = useState<string | null>(null)

  function onDragStart({ active }: DragStartEvent) {
    setDragged((active.data.current?.lead as Lead | undefined) ?? null)
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null)
    const lead = active.data.current?.lead as Lead | undefined
    const status = over?.id as string | undefined
    if (lead && status) void move(lead, status)
  }

  // A move (dragged, or picked in a card's menu) shows at once; if it fails (refused, or
  // the connection dropped), the card goes back and a notice says so, as the table's
  // status menu does: a move that silently undid itself would look done.
  async function move(lead: Lead, status: string) {
    const columns = board.data
    if (!columns || status === lead.status) return
    const key = leadBoardQuery(filter).queryKey
    const before = columns
    queryClient.setQueryData<BoardColumn[]>(key, moveCard(columns, lead, status))
    try {
      await updateLeadStatus(lead.id, status)
      void refresh(queryClient, queryKeys.leads.all, queryKeys.dashboard.all)
    } catch {
      queryClient.setQueryData(key, before)
      toast({ title: 'Feil', description: 'Kunne ikke endre status. Prøv igjen.', variant: 'destructive' })
    }
  }

  if (board.isPending) return <Spinner label="Laster..." />
  if (board.isError) return <p className="text-destructive">Kunne ikke hente tavlen. Prøv igjen.</p>
  const statuses = board.data.map((column) => column.status)
  const current = shown && statuses.includes(shown) ? shown : (statuses[0] ?? '')

  return (
    <StaffNames value={names}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        // Columns scroll sideways; measure them as they are, not as they were at the start.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
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
        <FormField className="mb-3 md:hidden" id="kanban-column" label="Kolonne">
          {(control) => (
            <Select {...control} value={current} onChange={(e) => setShown(e.target.value)}>
              {board.data.map((column) => (
                <option key={column.status} value={column.status}>
                  {column.status} ({column.total})
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {/* Columns share the width (six fit beside the open sidebar at 1280 px) down to a
            least width, and scroll sideways past that. The dragged card is drawn in an
            overlay outside the scroller, so holding it at an edge scrolls no further than
            the last column. */}
        <div className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-4" data-kanban-scroller>
          {board.data.map((column) => (
            <KanbanColumn
              key={column.status}
              column={column}
              statuses={statuses}
              hidden={column.status !== current}
              onOpen={onOpen}
              onMove={move}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{dragged && <CardBody lead={dragged} lifted />}</DragOverlay>
      </DndContext>
    </StaffNames>
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

function KanbanColumn({
  column,
  statuses,
  hidden,
  onOpen,
  onMove,
}: {
  column: BoardColumn
  statuses: string[]
  /** Not the column picked on a phone: shown from `md` up only. */
  hidden: boolean
  onOpen: (lead: Lead) => void
  onMove: (lead: Lead, status: string) => void
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status })
  return (
    <section
      ref={setNodeRef}
      aria-label={`${column.status}, ${column.total} leads`}
      data-column={column.status}
      className={cn(
        'w-full min-w-0 flex-col rounded-xl border border-border bg-muted/60 p-2 md:flex md:w-auto md:min-w-[9.25rem] md:flex-1 md:basis-0',
        hidden ? 'hidden' : 'flex',
        isOver && 'ring-3 ring-ring/60',
      )}
    >
      <h3 className="mb-3 flex items-center justify-between gap-1 px-1 text-sm font-semibold">
        {column.status}
        <span className="rounded-full bg-card px-2 py-0.5 text-xs text-muted-foreground" data-count>
          {column.total}
        </span>
      </h3>
      <ul className="flex min-h-24 flex-col gap-2">
        {column.items.map((lead) => (
          <li key={lead.id}>
            <KanbanCard lead={lead} statuses={statuses} onOpen={onOpen} onMove={onMove} />
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

function KanbanCard({
  lead,
  statuses,
  onOpen,
  onMove,
}: {
  lead: Lead
  statuses: string[]
  onOpen: (lead: Lead) => void
  onMove: (lead: Lead, status: string) => void
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: lead.id, data: { lead } })
  return (
    <div
      ref={setNodeRef}
      data-lead-card={lead.name}
      className={cn('rounded-lg border border-border bg-card p-1.5 shadow-sm', isDragging && 'opacity-40')}
    >
      <div className="flex items-start gap-0.5">
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
          <CardText lead={lead} />
        </button>
      </div>
      {/* On a phone a card moves with this menu as well as by dragging. */}
      <Select
        aria-label={`Flytt ${lead.name || 'lead'} til`}
        className="mt-1 h-9 py-1 pl-2 text-sm md:hidden"
        value={lead.status}
        onChange={(e) => onMove(lead, e.target.value)}
      >
        {statuses.map((status) => (
          <option key={status}>{status}</option>
        ))}
      </Select>
    </div>
  )
}

/** A card's text: who, how to reach them, the job (its first tag), the follow-up day
 * (red when due), who works it, and when it came in. */
function CardText({ lead }: { lead: Lead }) {
  const names = useContext(StaffNames)
  const owner = lead.assignee_id ? names[lead.assignee_id] : undefined
  const due = lead.follow_up !== null && lead.follow_up !== undefined && lead.follow_up <= norwegianDay()
  return (
    <>
      <span className="line-clamp-2 block font-medium break-words">{lead.name || 'Ukjent'}</span>
      {lead.duplicate_of && <DuplicateBadge />}
      <span className="block text-xs whitespace-nowrap text-muted-foreground [overflow-wrap:anywhere]">
        {lead.phone || lead.email || lead.kilde}
      </span>
      {lead.tags[0] && <span className="block text-xs font-medium [overflow-wrap:anywhere]" data-card-job>{lead.tags[0]}</span>}
      {lead.follow_up && (
        <span className={cn('block text-xs', due ? 'font-semibold text-destructive' : 'text-muted-foreground')} data-card-follow-up>
          Oppfølging {formatDay(lead.follow_up)}
        </span>
      )}
      {owner && (
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]" data-card-owner>
          {owner}
        </span>
      )}
      <span className="block text-xs text-muted-foreground">{formatDate(lead.created_at)}</span>
    </>
  )
}

/** The card as it follows the pointer while dragged. */
function CardBody({ lead, lifted }: { lead: Lead; lifted?: boolean }) {
  return (
    <div className={cn('flex items-start gap-0.5 rounded-lg border border-border bg-card p-1.5', lifted && 'shadow-lg ring-2 ring-ring')}>
      <span className="p-1 text-muted-foreground">
        <GripVertical className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1 p-1">
        <CardText lead={lead} />
      </span>
    </div>
  )
}
