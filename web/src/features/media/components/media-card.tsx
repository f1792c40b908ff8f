import { Check, FileText, Trash2 } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
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
  const toast = useToast()
  const updateAlt = useUpdateAlt()
  const [alt, setAlt] = useState(media.alt ?? '')
  const ref = useRef<HTMLElement>(null)

  useEffect(() => setAlt(media.alt ?? ''), [media.alt])
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [highlighted])

  async function save(event: FormEvent) {
    event.preventDefault()
    try {
      await updateAlt.mutateAsync({ id: media.id, alt })
      toast({ title: 'Alt-tekst lagret' })
    } catch (error) {
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }

  const isImage = media.type.startsWith('image')
  return (
    <article
      ref={ref}
      data-media={media.alt ?? ''}
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
            alt={media.alt ?? ''}
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
        <p className={cn('font-medium break-words', !media.alt && 'text-muted-foreground italic')}>
          {media.alt || 'Uten alt-tekst'}
        </p>
        <p className="text-muted-foreground">
          {media.width && media.height ? `${media.width}×${media.height} · ` : ''}
          {media.size_kb} KB
        </p>
        {media.used_by.length > 0 && (
          <p className="text-muted-foreground" data-used-by>
            Brukes av {media.used_by.map((use) => use.label).join(', ')}
          </p>
        )}
        <form onSubmit={save} className="mt-auto flex gap-1">
          <label htmlFor={`alt-${media.id}`} className="sr-only">
            Alt-tekst for {media.alt || 'filen'}
          </label>
          <Input id={`alt-${media.id}`} value={alt} onChange={(e) => setAlt(e.target.value)} className="h-9 text-sm" placeholder="Alt-tekst" />
          <Button type="submit" variant="outline" size="icon" className="size-9 shrink-0" aria-label="Lagre alt-tekst">
            <Check aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-9 shrink-0 text-destructive" onClick={onDelete} aria-label={`Slett ${media.alt || 'filen'}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </form>
      </div>
    </article>
  )
}
