import { CalendarClock, Images } from 'lucide-react'
import { useState } from 'react'
import { formatPreferredTime } from '@/lib/days'
import { useLeadEnquiry } from '../api/enquiry'
import { PhotoViewer, photoUrl } from './photo-viewer'

/** What the customer sent with their enquiry beyond its text, on the lead's page: the
 * days they offered for the site visit, and their photos (thumbnails that open a
 * full-size view). Nothing is shown when they sent nothing more. */
export function LeadEnquiry({ leadId }: { leadId: string }) {
  const enquiry = useLeadEnquiry(leadId)
  const [shown, setShown] = useState<number | null>(null)
  const times = enquiry.data?.preferred_times ?? []
  const photos = enquiry.data?.photos ?? []
  if (!times.length && !photos.length) return null
  return (
    <section aria-labelledby="lead-enquiry" className="grid gap-3" data-lead-enquiry>
      <h2 id="lead-enquiry" className="text-lg font-semibold">Fra kunden</h2>
      {photos.length > 0 && (
        <div className="rounded-lg border border-border p-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Images className="size-4" aria-hidden="true" /> Bilder ({photos.length})
          </h3>
          <ul className="mt-2 grid grid-cols-3 gap-2" data-lead-photos>
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
                  onClick={() => setShown(index)}
                >
                  <img
                    src={photoUrl(photo, 'liten')}
                    alt={`Bilde ${index + 1} fra kunden, åpne i full størrelse`}
                    className="aspect-square w-full object-cover"
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
          <PhotoViewer photos={photos} index={shown} onIndex={setShown} onClose={() => setShown(null)} />
        </div>
      )}
      {times.length > 0 && (
        <div className="rounded-lg border border-border p-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <CalendarClock className="size-4" aria-hidden="true" /> Ønsket tid for befaring
          </h3>
          <ul className="mt-2 grid gap-1 text-sm" data-preferred-times>
            {times.map((time) => (
              <li key={time.day}>{formatPreferredTime(time)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
