import { ImagePlus, RotateCw, X } from 'lucide-react'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'

/** The most photos an enquiry takes, and the largest (the server says the same:
 * src/contact/photos.rs). */
export const MAX_PHOTOS = 5
const MAX_BYTES = 10 * 1024 * 1024
/** Photos are shrunk to this longest side before upload, as the server would. */
const LONGEST = 2048

export type PickedPhoto = {
  key: string
  name: string
  preview: string | null
  state: 'preparing' | 'uploading' | 'done' | 'failed'
  progress: number
  id?: string
  error?: string
}

/**
 * The contact form's photos: each uploads as soon as it is picked (`POST
 * /api/contact/photos`), shrunk first in the browser where it can be, with its progress
 * shown, so that sending the form does not wait for them. The form sends the ids
 * (`photos`). Without JavaScript the form's own file field sends them (contact-form.tsx).
 */
export default function PhotoPicker({
  photos,
  onChange,
  error,
}: {
  photos: PickedPhoto[]
  onChange: (update: (photos: PickedPhoto[]) => PickedPhoto[]) => void
  error?: string
}) {
  const id = useId()
  const [notice, setNotice] = useState<string>()
  const previews = useRef(new Set<string>())
  // Each photo's file by its key, so that a failed upload can be tried again.
  const files = useRef(new Map<string, File>())
  const picks = useRef(0)
  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const update = (key: string, change: Partial<PickedPhoto>) =>
    onChange((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)))

  async function add(file: File) {
    picks.current += 1
    const key = `${file.name}-${file.size}-${picks.current}`
    const preview = /^image\/(jpeg|png|webp)$/.test(file.type) ? URL.createObjectURL(file) : null
    if (preview) previews.current.add(preview)
    files.current.set(key, file)
    onChange((current) => [...current, { key, name: file.name, preview, state: 'preparing', progress: 0 }])
    await upload(key, file)
  }

  /** Shrinks and uploads `file`, the photo `key`; tried again from "Prøv igjen". */
  async function upload(key: string, file: File) {
    update(key, { state: 'preparing', progress: 0, error: undefined })
    const ready = await shrink(file)
    if (ready.size > MAX_BYTES) {
      update(key, { state: 'failed', error: 'Bildet er større enn 10 MB. Velg et mindre bilde.' })
      return
    }
    update(key, { state: 'uploading' })
    const result = await send(ready, file.name, (progress) => update(key, { progress }))
    update(key, result.ok ? { state: 'done', id: result.id, progress: 1 } : { state: 'failed', error: result.error })
  }

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    const room = MAX_PHOTOS - photos.length
    setNotice(files.length > room ? `Du kan legge til høyst ${MAX_PHOTOS} bilder. De første ${Math.max(room, 0)} er tatt med.` : undefined)
    files.slice(0, Math.max(room, 0)).forEach((file) => void add(file))
  }

  return (
    <div className="grid gap-3" data-photo-picker>
      <div>
        <span className="mb-1.5 block text-sm font-semibold">Bilder (valgfritt)</span>
        <p id={`${id}-hjelp`} className="text-sm text-muted-foreground">
          Vis oss gjerne problemet: opptil {MAX_PHOTOS} bilder (JPEG, PNG eller WebP), hvert høyst 10 MB.
        </p>
      </div>
      {photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Valgte bilder">
          {photos.map((photo, index) => (
            <li key={photo.key} className="grid gap-1.5 rounded-lg border border-border p-2 text-sm" data-photo-state={photo.state}>
              {photo.preview ? (
                <img src={photo.preview} alt={`Bilde ${index + 1}: ${photo.name}`} className="aspect-[4/3] w-full rounded object-cover" />
              ) : (
                <span className="truncate">{photo.name}</span>
              )}
              {(photo.state === 'preparing' || photo.state === 'uploading') && (
                <>
                  <progress className="h-2 w-full accent-accent-strong" max={1} value={photo.progress} aria-label={`Laster opp ${photo.name}`} />
                  <span className="text-muted-foreground">{photo.state === 'preparing' ? 'Gjør klar...' : `Laster opp ${Math.round(photo.progress * 100)} %`}</span>
                </>
              )}
              {photo.state === 'done' && <span className="text-muted-foreground">Lastet opp</span>}
              {photo.state === 'failed' && (
                <>
                  <span role="alert" className="font-medium text-destructive">
                    {photo.error}
                  </span>
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-1 justify-self-start rounded-md px-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
                    onClick={() => {
                      const file = files.current.get(photo.key)
                      if (file) void upload(photo.key, file)
                    }}
                  >
                    <RotateCw className="size-4" aria-hidden="true" /> Prøv igjen<span className="sr-only"> bilde {index + 1}</span>
                  </button>
                </>
              )}
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-1 justify-self-start rounded-md px-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
                onClick={() => {
                  files.current.delete(photo.key)
                  onChange((current) => current.filter((other) => other.key !== photo.key))
                }}
              >
                <X className="size-4" aria-hidden="true" /> Fjern<span className="sr-only"> bilde {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < MAX_PHOTOS && (
        <label
          htmlFor={`${id}-bilder`}
          className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-lg border border-border bg-card px-4 font-semibold has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/60"
        >
          <ImagePlus className="size-5" aria-hidden="true" /> Legg til bilder
          <input
            id={`${id}-bilder`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            multiple
            className="sr-only"
            aria-describedby={`${id}-hjelp`}
            onChange={picked}
            data-photo-input
          />
        </label>
      )}
      {(notice || error) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error ?? notice}
        </p>
      )}
    </div>
  )
}

/** The photo made smaller where the browser can decode it (turned upright as it is
 * shown, as a JPEG of at most `LONGEST` pixels); the file as it is otherwise, or when it
 * is small already. */
async function shrink(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file // not decodable here (HEIC outside Safari): the server says what to do
  }
  const longest = Math.max(bitmap.width, bitmap.height)
  if (longest <= LONGEST && file.size <= 2 * 1024 * 1024) {
    bitmap.close()
    return file
  }
  const scale = Math.min(1, LONGEST / longest)
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  const context = canvas.getContext('2d')
  if (!context) return file
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))
  return blob && blob.size < file.size ? blob : file
}

type Sent = { ok: true; id: string } | { ok: false; error: string }

/** Uploads one photo with its progress (fetch cannot report an upload's progress). */
function send(photo: Blob, name: string, progress: (share: number) => void): Promise<Sent> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    const form = new FormData()
    form.append('photo', photo, name)
    request.open('POST', '/api/contact/photos')
    request.responseType = 'json'
    request.upload.onprogress = (event) => event.lengthComputable && progress(event.loaded / event.total)
    request.onload = () => {
      const body = request.response as { id?: string; error?: string; fields?: { photo?: string } } | null
      if (request.status === 201 && body?.id) resolve({ ok: true, id: body.id })
      else resolve({ ok: false, error: body?.fields?.photo ?? body?.error ?? 'Bildet kunne ikke lastes opp. Prøv igjen.' })
    }
    request.onerror = () => resolve({ ok: false, error: 'Bildet kunne ikke lastes opp. Sjekk nettet og prøv igjen.' })
    request.send(form)
  })
}
