import { ImagePlus, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api'
import { declarationPhotoHref, useAddDeclarationPhoto, useDeclarationPhotos, useRemoveDeclarationPhoto } from '../api/declarations'

/** The most photos a declaration holds (`MAX_PHOTOS` on the server). */
const MAX = 8

/** "Bilder fra arbeidet": photos from the job on its samsvarserklæring, drawn into its PDF
 * with their captions. Added and removed while it is a draft; fixed once it is signed. */
export function DeclarationPhotos({ jobId, signed }: { jobId: string; signed: boolean }) {
  const photos = useDeclarationPhotos(jobId)
  const add = useAddDeclarationPhoto(jobId)
  const remove = useRemoveDeclarationPhoto(jobId)
  const toast = useToast()
  const [file, setFile] = useState<File | null>(null)
  const [caption, setCaption] = useState('')
  const [problems, setProblems] = useState<{ photo?: string; caption?: string }>({})
  const picker = useRef<HTMLInputElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const list = photos.data ?? []
  if (signed && list.length === 0) return null
  const upload = () => {
    // A refusal is read out where it is shown: focus goes to the file field, which the
    // message describes.
    if (!file) {
      setProblems({ photo: 'Velg et bilde.' })
      picker.current?.focus()
      return
    }
    setProblems({})
    add.mutateAsync({ file, caption }).then(
      () => {
        setFile(null)
        setCaption('')
        if (picker.current) picker.current.value = ''
        toast({ title: 'Bildet er lagt til' })
      },
      (error: unknown) => {
        if (error instanceof ApiError && (error.fields.photo || error.fields.caption)) {
          setProblems(error.fields)
          if (error.fields.photo) picker.current?.focus()
          else document.getElementById(`declaration-photo-caption-${jobId}`)?.focus()
        } else toast({ title: 'Kunne ikke legge til bildet', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
      },
    )
  }
  return (
    <section aria-labelledby={`declaration-photos-${jobId}`} className="mt-4 grid gap-3">
      <h3 id={`declaration-photos-${jobId}`} ref={heading} tabIndex={-1} className="text-sm font-semibold">
        Bilder fra arbeidet
      </h3>
      {!signed && (
        <p className="text-sm text-muted-foreground">
          Kommer med i erklæringen (PDF) med bildeteksten under, for eksempel sikringsskapet eller varmekabelen før gulvet legges. Høyst {MAX} bilder.
        </p>
      )}
      {list.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {list.map((photo, index) => (
            <li key={photo.id} className="grid content-start gap-1 text-sm">
              <a href={declarationPhotoHref(jobId, photo.id, false)} target="_blank" rel="noreferrer">
                <img
                  src={declarationPhotoHref(jobId, photo.id, true)}
                  alt={photo.caption || `Bilde ${index + 1} fra arbeidet`}
                  width={photo.width}
                  height={photo.height}
                  className="aspect-[4/3] w-full rounded-md border border-border object-cover"
                />
              </a>
              {photo.caption && <span>{photo.caption}</span>}
              {!signed && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="w-fit"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutateAsync(photo.id).then(
                      () => {
                        // Its button is gone with it: focus stays in the section.
                        heading.current?.focus()
                        toast({ title: 'Bildet er fjernet' })
                      },
                      (error: unknown) =>
                        toast({ title: 'Kunne ikke fjerne bildet', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" /> Fjern<span className="sr-only"> bilde {index + 1}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!signed && list.length < MAX && (
        <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <FormField id={`declaration-photo-${jobId}`} label="Bilde" hint="JPEG, PNG eller WebP, høyst 10 MB." error={problems.photo}>
            {(control) => (
              <Input
                ref={picker}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                {...control}
              />
            )}
          </FormField>
          <FormField id={`declaration-photo-caption-${jobId}`} label="Bildetekst (valgfritt)" error={problems.caption}>
            {(control) => <Input value={caption} maxLength={200} onChange={(event) => setCaption(event.target.value)} {...control} />}
          </FormField>
          <Button type="button" variant="outline" className="w-fit sm:mt-6" disabled={add.isPending} onClick={upload}>
            <ImagePlus aria-hidden="true" /> Legg til bilde
          </Button>
        </div>
      )}
    </section>
  )
}
