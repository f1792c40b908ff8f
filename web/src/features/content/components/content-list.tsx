import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowDown, ArrowUp, Eye, EyeOff, ExternalLink, GripVertical, Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import type { ContentItem } from '../api/content'
import { contentKinds, dataOf } from '../kinds'

type Actions = {
  onEdit: (item: ContentItem) => void
  onDelete: (item: ContentItem) => void
  onToggleHidden: (item: ContentItem) => void
  /** The new order of the list's items, by id. */
  onReorder: (ids: string[]) => void
  /** A small copy of a picture from the media library, by id, once the library is read. */
  thumbnail?: (mediaId: string) => string | undefined
}

const POINTER = { activationConstraint: { distance: 6 } }
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates }

/**
 * One kind's items in their order on the site. Reorder by dragging a row's handle, with the
 * keyboard on the handle (space, arrows, space), or with the up and down buttons.
 */
export function ContentList({ items, ...actions }: { items: ContentItem[] } & Actions) {
  // The options are constants: new objects at each render would make new sensors, and a
  // render while a row is lifted (the media library arriving) could drop it.
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD))
  const ids = items.map((item) => item.id)
  const titleOf = (id: unknown) => {
    const item = items.find((candidate) => candidate.id === id)
    return item ? contentKinds[item.kind].title(dataOf(item)) : 'elementet'
  }
  const move = (from: number, to: number) => actions.onReorder(arrayMove(ids, from, to))

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Trykk mellomrom eller Enter for å løfte raden. Flytt med piltastene opp og ned, slipp med mellomrom eller Enter, avbryt med Escape.',
        },
        announcements: {
          onDragStart: ({ active }) => `Løftet ${titleOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} er på plass ${ids.indexOf(String(over.id)) + 1} av ${ids.length}.` : `${titleOf(active.id)} er utenfor listen.`,
          onDragEnd: ({ active, over }) =>
            over ? `${titleOf(active.id)} ble flyttet til plass ${ids.indexOf(String(over.id)) + 1}.` : `${titleOf(active.id)} ble ikke flyttet.`,
          onDragCancel: ({ active }) => `Flyttingen av ${titleOf(active.id)} ble avbrutt.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="grid gap-3" data-content-list={items[0]?.kind}>
          {items.map((item, index) => (
            <ContentRow
              key={item.id}
              item={item}
              first={index === 0}
              last={index === items.length - 1}
              onUp={() => move(index, index - 1)}
              onDown={() => move(index, index + 1)}
              {...actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function ContentRow({
  item,
  first,
  last,
  onUp,
  onDown,
  onEdit,
  onDelete,
  onToggleHidden,
  thumbnail,
}: { item: ContentItem; first: boolean; last: boolean; onUp: () => void; onDown: () => void } & Omit<Actions, 'onReorder'>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id })
  const info = contentKinds[item.kind]
  const data = dataOf(item)
  const title = info.title(data)
  const place = info.places(data)[0]
  // The person's photo or the project's first: the row shows it, so staff see which is which.
  const pictureId = typeof data.photo === 'string' ? data.photo : Array.isArray(data.photos) ? data.photos[0] : undefined
  const picture = typeof pictureId === 'string' ? thumbnail?.(pictureId) : undefined
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3 sm:flex-nowrap',
        isDragging && 'relative z-10 shadow-lg',
        item.hidden && 'bg-muted/50',
      )}
      data-content-item={title}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/60"
        aria-label={`Dra for å flytte ${title}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>
      {picture && <img src={picture} alt="" className="size-12 shrink-0 rounded-md object-cover" loading="lazy" data-thumbnail />}
      <div className="min-w-0 flex-1">
        <p className={cn('font-semibold break-words', item.hidden && 'text-muted-foreground')}>{title}</p>
        <p className="text-sm break-words text-muted-foreground">{info.detail(data)}</p>
        <p className="mt-1 flex flex-wrap gap-2">
          {item.example && <Badge variant="accent">Eksempel</Badge>}
          {item.hidden && <Badge>Skjult</Badge>}
        </p>
      </div>
      <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto sm:flex-nowrap">
        {place && !item.hidden && (
          <Button asChild variant="ghost" size="sm">
            <a href={place.href} target="_blank" rel="noopener" aria-label={`Vis ${title} på nettstedet (${place.label})`}>
              <ExternalLink aria-hidden="true" />
              Vis på nettstedet
            </a>
          </Button>
        )}
        <Button variant="ghost" size="icon" className="size-10" disabled={first} onClick={onUp} aria-label={`Flytt ${title} opp`}>
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-10" disabled={last} onClick={onDown} aria-label={`Flytt ${title} ned`}>
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-10"
          onClick={() => onToggleHidden(item)}
          aria-label={item.hidden ? `Vis ${title} på nettstedet igjen` : `Skjul ${title} på nettstedet`}
        >
          {item.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="icon" className="size-10" onClick={() => onEdit(item)} aria-label={`Rediger ${title}`}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-10 text-destructive" onClick={() => onDelete(item)} aria-label={`Slett ${title}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  )
}
