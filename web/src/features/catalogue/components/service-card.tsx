import { Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatPriceFrom } from '@/lib/format'
import { cn } from '@/lib/utils'
import type { AdminService } from '../api/catalogue'

export function ServiceCard({
  service,
  onEdit,
  onDelete,
}: {
  service: AdminService
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Card className="flex h-full flex-col p-5" data-service-card={service.name}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold">{service.name}</h3>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            service.is_active
              ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
              : 'bg-muted text-muted-foreground',
          )}
        >
          {service.is_active ? 'Aktiv' : 'Inaktiv'}
        </span>
      </div>
      {service.description && <p className="mt-2 flex-1 text-sm text-muted-foreground">{service.description}</p>}
      <div className="mt-4 flex items-center justify-between border-t border-border pt-3">
        <span className="font-semibold">{service.price_from != null ? formatPriceFrom(service.price_from) : 'Pris ikke oppgitt'}</span>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" className="size-9" onClick={onEdit} aria-label={`Rediger ${service.name}`}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" className="size-9 text-destructive hover:bg-destructive/10" onClick={onDelete} aria-label={`Slett ${service.name}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </Card>
  )
}
