import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, ArrowRight, ImagePlus, Upload, X } from 'lucide-react'
import { type ChangeEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Input, Label } from '@/components/ui/input'
import { fieldControl, FormField } from '@/components/ui/form-field'
import { type Media, uploadFile, useMedia, useUpdateAlt } from '@/features/media/api/media'
import type { PicturePickerProps } from '@/features/content/components/content-dialog'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

/** The smallest copy of a picture that fills a thumbnail, or the original. */
function thumbnail(media: Media): string {
  return media.variants[0]?.url ?? media.url
}

/**
 * Pictures for a content item, from the media library: the chosen ones as thumbnails
 * (each removable), and "Velg bilde", which opens the library with a search and an
 * upload that picks the new picture at once.
 */
export function PicturePicker({ label, value, onChange, max, error, errorId }: PicturePickerProps) {
  const [open, setOpen] = useState(false)
  const library = useMedia('')
  const chosen = value.map((id) => ({ id, media: library.data?.find((m) => m.id === id) }))
  const pick = (id: string) => {
    onChange(max === 1 ? [id] : value.includes(id) ? value : [...value, id].slice(0, max))
    setOpen(false)
  }
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      {chosen.length > 0 && (
        <ol className="mb-3 grid gap-3 sm:grid-cols-2" aria-label="Valgte bilder">
          {chosen.map(({ id, media }, index) => (
            <li key={id} className="flex gap-3 rounded-lg border border-border p-2">
              {media ? (
                <img src={thumbnail(media)} alt={media.alt || media.name} className="size-20 shrink-0 rounded-md object-cover" />
              ) : (
                <span className="flex size-20 shrink-0 items-center justify-center rounded-md bg-muted text-xs">Laster...</span>
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <p className="truncate text-sm font-medium" title={media?.name}>
                  {media?.name ?? ''}
                </p>
                {media && !media.alt && <AltField media={media} />}
                <div className="mt-auto flex flex-wrap gap-1">
                  {max > 1 && (
                    <>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        className="size-8"
                        disabled={index === 0}
                        onClick={() => onChange(moved(value, index, -1))}
                        aria-label={`Flytt ${media?.name ?? 'bildet'} fram`}
                      >
                        <ArrowLeft aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        className="size-8"
                        disabled={index === value.length - 1}
                        onClick={() => onChange(moved(value, index, 1))}
                        aria-label={`Flytt ${media?.name ?? 'bildet'} bakover`}
                      >
                        <ArrowRight aria-hidden="true" />
                      </Button>
                    </>
                  )}
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    className="size-8"
                    onClick={() => onChange(value.filter((other) => other !== id))}
                    aria-label={`Fjern bildet ${media?.name ?? ''}`.trim()}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {value.length < max || max === 1 ? (
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <ImagePlus aria-hidden="true" />
          {max === 1 && value.length === 1 ? 'Bytt bilde' : 'Velg bilde'}
        </Button>
      ) : null}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <LibraryDialog open={open} onOpenChange={setOpen} onPick={pick} />
    </fieldset>
  )
}

/** `ids` with the one at `index` moved one place (`by` -1 forward, 1 back). */
function moved(ids: string[], index: number, by: -1 | 1): string[] {
  const next = [...ids]
  const [id] = next.splice(index, 1)
  next.splice(index + by, 0, id as string)
  return next
}

/**
 * Asked for where a picture is used: what it shows, for those who cannot see it (the file
 * name is never used in its place). Saved on the picture, so every page that shows it has
 * it. Not a form of its own: it sits inside the item's form.
 */
function AltField({ media }: { media: Media }) {
  const [alt, setAlt] = useState('')
  const save = useUpdateAlt()
  const id = useId()
  const error = save.error instanceof Error ? save.error.message : undefined
  return (
    <div>
      <Label htmlFor={id} className="text-sm">
        Alt-tekst: hva viser bildet?
      </Label>
      <div className="flex gap-1">
        <Input
          {...fieldControl(id, { error })}
          className="h-9 text-sm"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          placeholder="For eksempel «Nytt bad med grå fliser»"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-9"
          disabled={!alt.trim() || save.isPending}
          onClick={() => save.mutate({ id: media.id, alt: alt.trim() })}
          aria-label={`Lagre alt-tekst for ${media.name}`}
        >
          Lagre
        </Button>
      </div>
      {error && (
        <p id={`${id}-feil`} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

function LibraryDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onPick: (id: string) => void
}) {
  const [query, setQuery] = useState('')
  const [uploading, setUploading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const media = useMedia(query.trim())
  const queryClient = useQueryClient()
  const searchId = useId()
  const uploadId = useId()
  const pictures = (media.data ?? []).filter((m) => m.type.startsWith('image/'))

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setUploading(true)
    setProblem(null)
    try {
      const report = await uploadFile(file, () => {})
      await refresh(queryClient, queryKeys.media.all)
      const stored = report.uploaded[0]
      if (stored) onPick(stored.id)
      else setProblem(report.failed[0]?.error ?? 'Bildet ble ikke lastet opp.')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Bildet ble ikke lastet opp.')
    } finally {
      setUploading(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Velg bilde" className="max-w-3xl">
      <div className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <FormField className="min-w-48 flex-1" id={searchId} label="Søk i bildetekstene">
            {(control) => <Input {...control} type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-autofocus />}
          </FormField>
          <label
            htmlFor={uploadId}
            className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg border border-border px-4 font-semibold focus-within:ring-3 focus-within:ring-ring/60 hover:bg-muted"
          >
            <Upload className="size-4" aria-hidden="true" />
            {uploading ? 'Laster opp...' : 'Last opp nytt'}
            <input
              id={uploadId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className="sr-only"
              onChange={(event) => void upload(event)}
              disabled={uploading}
            />
          </label>
        </div>
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
        {media.isPending ? (
          <p role="status">Laster...</p>
        ) : pictures.length === 0 ? (
          <p className="text-muted-foreground">Ingen bilder{query.trim() ? ' passer søket' : ' i mediebiblioteket ennå'}.</p>
        ) : (
          <ul className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4">
            {pictures.map((picture) => (
              <li key={picture.id}>
                <button
                  type="button"
                  onClick={() => onPick(picture.id)}
                  className="block w-full rounded-lg text-left focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/60"
                  aria-label={`Velg ${picture.alt || picture.name}`}
                >
                  <img src={thumbnail(picture)} alt="" className="aspect-square w-full rounded-lg object-cover" loading="lazy" />
                  <span className="mt-1 block truncate text-sm">{picture.alt || picture.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
