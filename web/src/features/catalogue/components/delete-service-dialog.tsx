import { ConfirmDialog } from '@/components/ui/dialog'
import { useToast } from '@/components/toast'
import { type AdminService, useDeleteService } from '../api/catalogue'

/**
 * "Slette for godt?" before a service leaves the catalogue: the public pages drop it
 * within a moment, so one click must not do it. Says how to take it away for a while
 * instead (the service's "Aktiv" switch).
 */
export function DeleteServiceDialog({ service, onClose }: { service: AdminService | null; onClose: () => void }) {
  const toast = useToast()
  const remove = useDeleteService()

  async function confirm() {
    if (!service) return
    try {
      await remove.mutateAsync(service.id)
      toast({ title: 'Tjeneste slettet', description: `«${service.name}» er fjernet fra nettstedet.` })
      onClose()
    } catch (error) {
      toast({ title: 'Feil ved sletting', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }

  return (
    <ConfirmDialog
      open={service !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Slette for godt?"
      description={
        service
          ? `«${service.name}» forsvinner fra katalogen og fra nettstedet og kan ikke hentes tilbake. Vil du bare ta den bort en stund, kan du gjøre den inaktiv i stedet.`
          : ''
      }
      confirmLabel="Slett"
      busyLabel="Sletter..."
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
