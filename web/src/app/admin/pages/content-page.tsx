import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Tabs } from '@/components/ui/tabs'
import {
  type ContentItem,
  type ContentKind,
  useContent,
  useDeleteContent,
  useReorderContent,
  useSetHidden,
} from '@/features/content/api/content'
import { ContentDialog } from '@/features/content/components/content-dialog'
import { ContentList } from '@/features/content/components/content-list'
import { CONTENT_KINDS, contentKinds, dataOf } from '@/features/content/kinds'
import { useMedia } from '@/features/media/api/media'
import { PicturePicker } from '../components/picture-picker'
import { useAdminTitle } from '../use-admin-title'

/** "Innhold": what the public pages tell about the firm, one tab per kind (`?type=team`). */
export function ContentPage() {
  useAdminTitle('Innhold')
  const [params, setParams] = useSearchParams()
  const requested = params.get('type') as ContentKind | null
  const kind: ContentKind = requested && Object.hasOwn(contentKinds, requested) ? requested : 'team'
  const content = useContent()
  const library = useMedia('')
  // One function for as long as the library is the same, so a list being dragged is not
  // drawn again when the library arrives.
  const pictures = library.data
  const thumbnail = useCallback(
    (id: string) => {
      const picture = pictures?.find((media) => media.id === id)
      return picture ? (picture.variants[0]?.url ?? picture.url) : undefined
    },
    [pictures],
  )
  const toast = useToast()
  const reorder = useReorderContent()
  const setHidden = useSetHidden()
  const remove = useDeleteContent()
  const [dialog, setDialog] = useState<{ open: boolean; item: ContentItem | null }>({ open: false, item: null })
  const [deleting, setDeleting] = useState<ContentItem | null>(null)
  const info = contentKinds[kind]
  const items = (content.data ?? []).filter((item) => item.kind === kind).sort((a, b) => a.position - b.position)

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: error instanceof Error ? error.message : undefined, variant: 'destructive' })

  function onReorder(ids: string[]) {
    reorder.mutate(
      { kind, ids },
      { onSuccess: () => toast({ title: 'Rekkefølgen er lagret' }), onError: failed('Kunne ikke endre rekkefølgen') },
    )
  }

  function onToggleHidden(item: ContentItem) {
    setHidden.mutate(
      { id: item.id, hidden: !item.hidden },
      {
        onSuccess: () => toast({ title: item.hidden ? 'Vises på nettstedet igjen' : 'Skjult på nettstedet' }),
        onError: failed('Kunne ikke lagre'),
      },
    )
  }

  async function onConfirmDelete() {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast({ title: 'Slettet' })
      setDeleting(null)
    } catch (error) {
      failed('Kunne ikke slette')(error)
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Innhold</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">
            Det nettstedet forteller om firmaet: folkene, prosjektene, omtalene, tallene og løftene. Endringer vises på
            nettstedet med en gang.
          </p>
        </div>
        <Button onClick={() => setDialog({ open: true, item: null })}>
          <Plus aria-hidden="true" />
          {info.newLabel}
        </Button>
      </div>
      <div className="mt-6">
        <Tabs
          label="Type innhold"
          tabs={CONTENT_KINDS.map((value) => ({ value, label: contentKinds[value].label }))}
          value={kind}
          onChange={(value) => setParams({ type: value }, { replace: true })}
        >
          {content.isPending ? (
            <p role="status">Laster...</p>
          ) : content.isError ? (
            <p className="text-destructive">Kunne ikke hente innholdet. Prøv igjen.</p>
          ) : items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-border p-10 text-center">
              <p className="text-muted-foreground">Ingenting her ennå. Nettstedet viser ikke denne delen før noe er lagt til.</p>
              <Button className="mt-4" onClick={() => setDialog({ open: true, item: null })}>
                {info.newLabel}
              </Button>
            </div>
          ) : (
            <ContentList
              items={items}
              thumbnail={thumbnail}
              onEdit={(item) => setDialog({ open: true, item })}
              onDelete={setDeleting}
              onToggleHidden={onToggleHidden}
              onReorder={onReorder}
            />
          )}
        </Tabs>
      </div>
      <ContentDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        kind={kind}
        item={dialog.item}
        picturePicker={(props) => <PicturePicker {...props} />}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Slette for godt?"
        description={
          deleting
            ? `«${contentKinds[deleting.kind].title(dataOf(deleting))}» forsvinner fra nettstedet og kan ikke hentes tilbake. Vil du bare ta det bort en stund, kan du skjule det i stedet.`
            : ''
        }
        confirmLabel="Slett"
        busyLabel="Sletter..."
        busy={remove.isPending}
        onConfirm={() => void onConfirmDelete()}
      />
    </>
  )
}
