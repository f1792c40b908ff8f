import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/lib/paths'
import { useToast } from '@/components/toast'
import { Input, Label } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { type AdminService, useAdminServices, useDeleteService } from '@/features/catalogue/api/catalogue'
import { ServiceCard } from '@/features/catalogue/components/service-card'
import { ServiceDialog } from '@/features/catalogue/components/service-dialog'
import { useAdminTitle } from '../use-admin-title'

/** Every service, searchable; `?query=` (from the command search) fills the search. */
export function AdminServicesPage() {
  useAdminTitle('Tjenester')
  const [params, setParams] = useSearchParams()
  const query = params.get('query') ?? ''
  const services = useAdminServices({ query: query || undefined })
  const toast = useToast()
  const remove = useDeleteService()
  const [editing, setEditing] = useState<AdminService | null>(null)

  async function onDelete(service: AdminService) {
    try {
      await remove.mutateAsync(service.id)
      toast({ title: 'Tjeneste slettet' })
    } catch (error) {
      toast({ title: 'Feil ved sletting', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }

  return (
    <>
      <h1 className="text-3xl font-bold">Tjenester</h1>
      <p className="mt-1 text-muted-foreground">
        Alle tjenester i alle kategorier. Nye tjenester legges til under <Link to={paths.admin.categories} className="underline">Kategorier</Link>.
      </p>
      <div className="mt-6 max-w-md">
        <Label htmlFor="service-search">Søk på navn</Label>
        <Input
          id="service-search"
          type="search"
          value={query}
          onChange={(e) => setParams(e.target.value ? { query: e.target.value } : {}, { replace: true })}
        />
      </div>
      {services.isPending ? (
        <Spinner label="Laster..." />
      ) : services.isError ? (
        <p className="mt-6 text-destructive">Kunne ikke hente tjenestene. Prøv igjen.</p>
      ) : services.data.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Ingen tjenester funnet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {services.data.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} onEdit={() => setEditing(service)} onDelete={() => onDelete(service)} />
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
    </>
  )
}
