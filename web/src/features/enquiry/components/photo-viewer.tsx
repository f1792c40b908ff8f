import { ChevronLeft, ChevronRight, Download } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { FromCustomer } from '../api/enquiry'

type Photo = FromCustomer['photos'][number]

/** Where a customer's photo is fetched (staff only), full size or as its thumbnail. */
export function photoUrl(photo: Photo, size?: 'liten'): string {
  return `/api/admin/photos/${photo.id}${size ? `?size=${size}` : ''}`
}

/** A customer's photos at full size, one at a time: "Forrige" and "Neste" (or the arrow
 * keys) step through them, "Last ned" saves the one shown. */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: Photo[]
  index: number | null
  onIndex: (index: number) => void
  onClose: () => void
}) {
  const photo = index === null ? undefined : photos[index]
  const step = (by: number) => index !== null && onIndex((index + by + photos.length) % photos.length)
  return (
    <Dialog
      open={photo !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={index === null ? 'Bilde' : `Bilde ${index + 1} av ${photos.length}`}
      className="max-w-4xl"
    >
      {photo && (
        <div
          className="grid gap-3"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') step(1)
            if (event.key === 'ArrowLeft') step(-1)
          }}
          data-photo-viewer
        >
          <img
            src={photoUrl(photo)}
            alt={`Bilde ${index! + 1} fra kunden`}
            width={photo.width}
            height={photo.height}
            className="max-h-[70vh] w-full rounded object-contain"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => step(-1)} disabled={photos.length < 2} data-autofocus>
                <ChevronLeft aria-hidden="true" /> Forrige
              </Button>
              <Button variant="outline" onClick={() => step(1)} disabled={photos.length < 2}>
                Neste <ChevronRight aria-hidden="true" />
              </Button>
            </div>
            <a
              href={`${photoUrl(photo)}?download=1`}
              className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-medium text-primary underline-offset-4 hover:underline"
              download
            >
              <Download className="size-4" aria-hidden="true" /> Last ned
            </a>
          </div>
        </div>
      )}
    </Dialog>
  )
}
