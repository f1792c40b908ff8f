import { Upload } from 'lucide-react'
import { type DragEvent, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { type Media, useDeleteMedia, useMedia } from '@/features/media/api/media'
import { MediaCard } from '@/features/media/components/media-card'
import { useUploadQueue } from '@/features/media/components/upload-queue'
import { cn } from '@/lib/utils'
import { useAdminTitle } from '../use-admin-title'

export function MediaPage() {
  useAdminTitle('Media')
  const toast = useToast()
  const [params] = useSearchParams()
  const highlight = params.get('highlight')
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const media = useMedia(q)
  const remove = useDeleteMedia()
  const { items, upload } = useUploadQueue()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [deleting, setDeleting] = useState<Media | null>(null)

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text), 250)
    return () => window.clearTimeout(timer)
  }, [text])

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void upload([...event.dataTransfer.files])
  }

  async function confirmDelete() {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast({ title: 'Filen er slettet' })
    } catch (error) {
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={(event) => event.currentTarget === event.target && setDragging(false)}
      onDrop={onDrop}
      className={cn('min-h-[60vh] rounded-2xl', dragging && 'outline-dashed outline-4 outline-offset-8 outline-accent')}
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Media</h1>
        <Button onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          Last opp
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label="Velg filer å laste opp"
          data-upload-input
          onChange={(event) => {
            void upload([...(event.target.files ?? [])])
            event.target.value = ''
          }}
        />
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Dra filer hit, eller bruk «Last opp». JPEG, PNG, WebP, GIF, AVIF og PDF.
      </p>

      {items.length > 0 && (
        <ul className="mt-4 grid gap-2" aria-label="Opplastinger">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border border-border bg-card p-3 text-sm">
              <div className="flex justify-between gap-3">
                <span className="truncate">{item.name}</span>
                <span className={cn(item.state === 'failed' && 'text-destructive')}>
                  {item.state === 'failed' ? 'Feilet' : item.state === 'done' ? 'Ferdig' : `${Math.round(item.progress * 100)} %`}
                </span>
              </div>
              <progress className="mt-2 h-1.5 w-full accent-primary" max={1} value={item.progress} aria-label={`Opplasting av ${item.name}`} />
            </li>
          ))}
        </ul>
      )}

      <FormField className="mt-6 max-w-md" id="media-search" label="Søk på alt-tekst">
        {(control) => <Input {...control} type="search" value={text} onChange={(e) => setText(e.target.value)} />}
      </FormField>

      {media.isPending ? (
        <Spinner label="Laster..." />
      ) : media.isError ? (
        <p className="mt-6 text-destructive">Kunne ikke hente media. Prøv igjen.</p>
      ) : media.data.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Ingen media funnet.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {media.data.map((item) => (
            <li key={item.id}>
              <MediaCard media={item} highlighted={item.id === highlight} onDelete={() => setDeleting(item)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Slett fil?"
        description={
          deleting && deleting.used_by.length > 0
            ? `«${deleting.name}» brukes av ${deleting.used_by.map((use) => use.label).join(', ')} og tas bort derfra. Filen slettes permanent. Dette kan ikke angres.`
            : `«${deleting?.name ?? 'Filen'}» slettes permanent. Dette kan ikke angres.`
        }
        confirmLabel="Slett"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
