import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react'
import { Photo } from '@/components/photo'
import type { Project } from '@/lib/site'

/** A project's picture's words: its own alt text, or what the project is. */
function described(project: Project, index: number): string {
  const own = project.photos[index]?.alt
  if (own) return own
  return project.photos.length > 1 ? `${project.title}, bilde ${index + 1} av ${project.photos.length}` : project.title
}

/**
 * A project's photos: the first large, the rest as a row of thumbnails, each opening the
 * photos full size in a lightbox (the browser's own modal dialog: Escape closes it, focus
 * stays inside), where arrows, the arrow keys or a swipe go through them and the alt text
 * is the caption. Without JavaScript each photo is a link to the picture itself.
 */
export function ProjectPhotos({ project }: { project: Project }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState<number | null>(null)
  const swipe = useRef<number | null>(null)
  const count = project.photos.length
  if (count === 0) return null

  const show = (index: number) => {
    setOpen(index)
    if (!dialog.current?.open) dialog.current?.showModal()
  }
  const step = (by: number) => setOpen((index) => (index === null ? null : (index + by + count) % count))
  const opener = (index: number) => ({
    href: project.photos[index]?.src,
    'data-photo': index,
    'aria-label': `Vis bildet stort: ${described(project, index)}`,
  })
  const openClicked = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    show(Number(event.currentTarget.dataset.photo))
  }
  const current = open === null ? null : project.photos[open]

  return (
    <>
      <a {...opener(0)} onClick={openClicked} className="block focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring">
        <Photo
          picture={project.photos[0]!}
          alt={described(project, 0)}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 90vw, 100vw"
          className="aspect-[3/2] w-full object-cover"
        />
      </a>
      {count > 1 && (
        <ul className="grid grid-cols-3 gap-2 px-6 pt-4" aria-label="Flere bilder fra prosjektet">
          {project.photos.slice(1).map((photo, offset) => (
            <li key={photo.src}>
              <a {...opener(offset + 1)} onClick={openClicked} className="block rounded-lg focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring">
                <Photo picture={photo} alt={described(project, offset + 1)} sizes="160px" className="aspect-square w-full rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        aria-label={`Bilder fra ${project.title}`}
        className="m-auto max-h-none max-w-none bg-transparent p-0 backdrop:bg-black/85"
        onClose={() => setOpen(null)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1)
          if (event.key === 'ArrowLeft') step(-1)
        }}
        // A picture dragged by the mouse would be a drag of the file, not a swipe.
        onDragStart={(event) => event.preventDefault()}
        onPointerDown={(event: PointerEvent) => {
          swipe.current = event.clientX
        }}
        onPointerUp={(event: PointerEvent) => {
          const from = swipe.current
          swipe.current = null
          if (from !== null && Math.abs(event.clientX - from) > 50) step(event.clientX < from ? 1 : -1)
        }}
      >
        {current && open !== null && (
          <figure className="flex h-[100dvh] w-screen flex-col items-center justify-center gap-3 p-4 text-white">
            <Photo picture={current} alt={described(project, open)} sizes="100vw" priority className="max-h-[80dvh] w-auto max-w-full object-contain" />
            <figcaption className="max-w-2xl text-center">
              {described(project, open)}
              {count > 1 && <span className="ml-2 text-white/70">({open + 1} av {count})</span>}
            </figcaption>
            <div className="flex gap-3">
              {count > 1 && (
                <button type="button" onClick={() => step(-1)} className={LIGHTBOX_BUTTON} aria-label="Forrige bilde">
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
              )}
              <button type="button" onClick={() => dialog.current?.close()} className={LIGHTBOX_BUTTON} aria-label="Lukk" autoFocus>
                <X className="size-6" aria-hidden="true" />
              </button>
              {count > 1 && (
                <button type="button" onClick={() => step(1)} className={LIGHTBOX_BUTTON} aria-label="Neste bilde">
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              )}
            </div>
          </figure>
        )}
      </dialog>
    </>
  )
}

const LIGHTBOX_BUTTON =
  'inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-white'
