import { ArrowLeft, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { paths } from '@/lib/paths'
import { Button } from '@/components/ui/button'
import { type AdminService, useAdminServices, useCategory } from '@/features/catalogue/api/catalogue'
import { DeleteServiceDialog } from '@/features/catalogue/components/delete-service-dialog'
import { ServiceCard } from '@/features/catalogue/components/service-card'
import { ServiceDialog } from '@/features/catalogue/components/service-dialog'
import { useAdminTitle } from '../use-admin-title'

export function CategoryServicesPage() {
  const { categorySlug = '' } = useParams()
  const category = useCategory(categorySlug)
  const slug = category.data?.slug ?? categorySlug
  const services = useAdminServices({ category: slug })
  useAdminTitle(category.data?.name ?? 'Tjenester')
  const [deleting, setDeleting] = useState<AdminService | null>(null)
  const [dialog, setDialog] = useState<{ open: boolean; service: AdminService | null }>({ open: false, service: null })

  if (category.isError) {
    return <p className="text-destructive">Fant ikke kategorien.</p>
  }
  if (category.isPending || services.isPending) return <p role="status">Laster...</p>

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.admin.categories}>
          <ArrowLeft aria-hidden="true" />
          Tilbake til kategorier
        </Link>
      </Button>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{category.data.name}</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">{category.data.description || 'Ingen beskrivelse'}</p>
        </div>
        <Button onClick={() => setDialog({ open: true, service: null })}>
          <Plus aria-hidden="true" />
          Ny tjeneste
        </Button>
      </div>
      {services.isError ? (
        <p className="mt-6 text-destructive">Kunne ikke hente tjenestene. Prøv igjen.</p>
      ) : services.data.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-border p-10 text-center">
          <p className="text-muted-foreground">Ingen tjenester funnet for denne kategorien.</p>
          <Button className="mt-4" onClick={() => setDialog({ open: true, service: null })}>
            Legg til første tjeneste
          </Button>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {services.data.map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} onEdit={() => setDialog({ open: true, service })} onDelete={() => setDeleting(service)} />
            </li>
          ))}
        </ul>
      )}
      <ServiceDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        service={dialog.service}
        category={slug}
      />
      <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}
