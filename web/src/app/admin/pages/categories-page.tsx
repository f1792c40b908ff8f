import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useCategories } from '@/features/catalogue/api/catalogue'
import { useAdminTitle } from '../use-admin-title'

export function CategoriesPage() {
  useAdminTitle('Kategorier')
  const { data, isPending, isError } = useCategories()
  return (
    <>
      <h1 className="text-3xl font-bold">Kategorier</h1>
      {isPending ? (
        <Spinner label="Laster..." />
      ) : isError ? (
        <p className="mt-6 text-destructive">Kunne ikke hente kategoriene. Prøv igjen.</p>
      ) : data.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Ingen kategorier funnet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.map((category) => (
            <li key={category.id}>
              <Link to={paths.admin.categoryServices(category.slug ?? category.id)} className="group block h-full rounded-2xl">
                <Card className="flex h-full flex-col p-6 transition-shadow group-hover:shadow-md">
                  <div className="flex items-center justify-between">
                    <h2 className="text-xl font-semibold">{category.name}</h2>
                    <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm">{category.service_count} tjenester</span>
                  </div>
                  <p className="mt-2 flex-1 text-muted-foreground">{category.description || 'Ingen beskrivelse'}</p>
                  <span className="mt-4 inline-flex items-center gap-1 font-semibold text-accent-strong dark:text-accent">
                    Se tjenester
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                  </span>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
