import { Check, FileText, Trash2 } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { fieldControl } from '@/components/ui/form-field'
import { FieldError, Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { cn } from '@/lib/utils'
import { type Media, useUpdateAlt } from '../api/media'

export function MediaCard({
  media,
  highlighted,
  onDelete,
}: {
  media: Media
  highlighted: boolean
  onDelete: () => void
}) {
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [highlighted])

  const isImage = media.type.startsWith('image')
  return (
    <article
      ref={ref}
      data-media={media.name}
      data-highlighted={highlighted || undefined}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-border bg-card',
        highlighted && 'ring-4 ring-accent',
      )}
    >
      <div className="flex aspect-[4/3] items-center justify-center bg-muted">
        {isImage ? (
          <img
            src={media.variants[0]?.url ?? media.url}
            alt={media.alt || media.name}
            width={media.width ?? undefined}
            height={media.height ?? undefined}
            loading="lazy"
            className="h-full w-full object-contain"
          />
        ) : (
          <FileText className="size-12 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 text-sm">
        <p className="font-medium break-words">{media.name}</p>
        {isImage && !media.alt && (
          <p className="font-medium text-destructive" data-missing-alt>
            Mangler alt-tekst: skriv hva bildet viser.
          </p>
        )}
        <p className="text-muted-foreground">
          {media.width && media.height ? `${media.width}×${media.height} · ` : ''}
          {media.size_kb} KB
        </p>
        {media.used_by.length > 0 && (
          <p className="text-muted-foreground" data-used-by>
            Brukes av {media.used_by.map((use) => use.label).join(', ')}
          </p>
        )}
        {media.is_logo && (
          <p className="text-muted-foreground" data-logo>
            Firmaets logo
          </p>
        )}
        {/* A new form when the saved text changes (here or elsewhere): it starts from it. */}
        <AltTextForm key={media.alt ?? ''} media={media} onDelete={onDelete} />
      </div>
    </article>
  )
}

const altSchema = z.object({ alt: z.string() })
type AltValues = z.infer<typeof altSchema>

/** The picture's alt text, saved on its own; the server's message lands under it. */
function AltTextForm({ media, onDelete }: { media: Media; onDelete: () => void }) {
  const toast = useToast()
  const updateAlt = useUpdateAlt()
  const form = useForm<AltValues>({ resolver: zodResolver(altSchema), defaultValues: { alt: media.alt ?? '' } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const error = formState.errors.alt?.message
  const id = `alt-${media.id}`

  const save = handleSubmit(async ({ alt }) => {
    try {
      await updateAlt.mutateAsync({ id: media.id, alt })
      toast({ title: 'Alt-tekst lagret' })
    } catch (err) {
      serverErrors(err)
      toast({ title: 'Feil', description: err instanceof Error ? err.message : undefined, variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={save} className="mt-auto grid gap-1" noValidate>
      <div className="flex gap-1">
        <label htmlFor={id} className="sr-only">
          Alt-tekst for {media.name}
        </label>
        <Input {...register('alt')} {...fieldControl(id, { error })} className="h-9 text-sm" placeholder="Alt-tekst" />
        <Button type="submit" variant="outline" size="icon" className="size-9 shrink-0" aria-label="Lagre alt-tekst">
          <Check aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" className="size-9 shrink-0 text-destructive" onClick={onDelete} aria-label={`Slett ${media.name}`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <FieldError id={`${id}-feil`}>{error}</FieldError>
    </form>
  )
}
