import { useSite } from '@/lib/site'
import { Check } from 'lucide-react'
import type { ServiceCategory } from '@/lib/paths'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { formatPriceFrom } from '@/lib/format'
import { type Service, useServices } from '../api/services'

/** The active services of one trade, with a loading text and an empty text. */
export function ServiceList({
  category,
  loadingText,
  emptyText,
}: {
  category: ServiceCategory
  loadingText: string
  emptyText: string
}) {
  const { loading, services } = useServices(category)
  return (
    <div data-service-list={category}>
      {loading ? (
        <Spinner label={loadingText} />
      ) : services.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function ServiceCard({ service }: { service: Service }) {
  const site = useSite()
  return (
    <Card className="flex h-full flex-col p-6">
      <h3 className="text-lg font-semibold">{service.name}</h3>
      {service.description && <p className="mt-2 flex-1 text-muted-foreground">{service.description}</p>}
      {service.price_from != null && (
        <p className="mt-4 flex items-baseline gap-2 border-t border-border pt-4">
          <span className="text-lg font-bold text-accent-strong dark:text-accent">
            {formatPriceFrom(service.price_from)}
          </span>
          <span className="text-sm text-muted-foreground">inkl. mva</span>
        </p>
      )}
      {site.claims.binding_price && (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Check className="size-4 text-success" aria-hidden="true" />
          Bindende pris før oppstart
        </p>
      )}
    </Card>
  )
}
