import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/lib/paths'
import { FilterChip } from '@/components/ui/filter-chip'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { type AdminService, useAdminServices } from '@/features/catalogue/api/catalogue'
import { DeleteServiceDialog } from '@/features/catalogue/components/delete-service-dialog'
import { ServiceCard } from '@/features/catalogue/components/service-card'
import { ServiceDialog } from '@/features/catalogue/components/service-dialog'
import { useAdminTitle } from '../use-admin-title'

/** Every service, searchable; `?query=` (from the command search) fills the search, and
 * `?active=1` (from the dashboard's count) shows only the active ones. */
export function AdminServicesPage() {
  useAdminTitle('Tjenester')
  const [params, setParams] = useSearchParams()
  const query = params.get('query') ?? ''
  const onlyActive = params.get('active') === '1'
  const services = useAdminServices({ query: query || undefined })
  const shown = (services.data ?? []).filter((service) => !onlyActive || service.is_active)
  const setParam = (key: string, value: string) =>
    setParams(
      (all) => {
        if (value) all.set(key, value)
        else all.delete(key)
        return all
      },
      { replace: true },
    )
  const [deleting, setDeleting] = useState<AdminService | null>(null)
  const [editing, setEditing] = useState<AdminService | null>(null)

  return (
    <>
      <h1 className="text-3xl font-bold">Tjenester</h1>
      <p className="mt-1 text-muted-foreground">
        Alle tjenester i alle kategorier. Nye tjenester legges til under <Link to={paths.admin.categories} className="underline">Kategorier</Link>.
      </p>
      <FormField className="mt-6 max-w-md" id="service-search" label="Søk på navn">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={query}
            onChange={(e) => setParam('query', e.target.value)}
          />
        )}
      </FormField>
      {onlyActive && (
        <p className="mt-3">
          <FilterChip label="Bare aktive tjenester" onRemove={() => setParam('active', '')} />
        </p>
      )}
      {services.isPending ? (
        <Spinner label="Laster..." />
      ) : services.isError ? (
        <p className="mt-6 text-destructive">Kunne ikke hente tjenestene. Prøv igjen.</p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Ingen tjenester funnet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} onEdit={() => setEditing(service)} onDelete={() => setDeleting(service)} />
            </li>
          ))}
        </ul>
      )}
      <ServiceDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        service={editing}
        category={editing?.category ?? ''}
      />
      <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}
