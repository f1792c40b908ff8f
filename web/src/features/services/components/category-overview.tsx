import { useSite } from '@/lib/site'
import { ArrowRight, Bath, Droplets, Zap } from 'lucide-react'
import { paths, type ServiceCategory } from '@/lib/paths'
import { Card } from '@/components/ui/card'
import { formatPriceFrom } from '@/lib/format'
import { useServices } from '../api/services'

export const categories: {
  slug: ServiceCategory
  name: string
  to: string
  icon: typeof Zap
  summary: string
  fallbackPrice: number
}[] = [
  {
    slug: 'elektriker',
    name: 'Elektriker',
    to: paths.electrician,
    icon: Zap,
    summary: 'Feilsøking, sikringsskap, elbillader, gulvvarme og belysning.',
    fallbackPrice: 1620,
  },
  {
    slug: 'rorlegger',
    name: 'Rørlegger',
    to: paths.plumber,
    icon: Droplets,
    summary: 'Akutte lekkasjer, tette avløp, varmtvann og nye rør.',
    fallbackPrice: 1620,
  },
  {
    slug: 'kjokken-bad',
    name: 'Kjøkken & bad',
    to: paths.kitchenBath,
    icon: Bath,
    summary: 'Totalrenovering av bad og montering av kjøkken med alle fag under ett tak.',
    fallbackPrice: 25000,
  },
]

/**
 * One card per trade: its newest service, the number of services, and its price from.
 * Until services have loaded (or if they cannot be), the fallback prices of spec
 * section 9 are shown.
 */
export function CategoryOverview() {
  const { loading, services } = useServices()
  const site = useSite()
  return (
    <ul className="grid gap-6 md:grid-cols-3" aria-busy={loading}>
      {categories.map((category) => {
        const own = services.filter((s) => s.category === category.slug)
        const first = own[0]
        const price = first?.price_from ?? category.fallbackPrice
        const Icon = category.icon
        return (
          <li key={category.slug}>
            <Card className="group relative flex h-full flex-col p-6 transition-shadow hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-ring">
              <div className="flex items-center justify-between">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent/15 text-accent-strong dark:text-accent">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="text-sm font-medium text-muted-foreground" data-service-count={category.slug}>
                  {loading ? '\u00a0' : `${own.length} tjenester`}
                </span>
              </div>
              <h3 className="mt-5 text-xl font-semibold">
                <a href={category.to} className="after:absolute after:inset-0 focus-visible:outline-none">
                  {category.name}
                </a>
              </h3>
              <p className="mt-2 text-muted-foreground">
                {category.slug === 'rorlegger' && site.claims.on_call ? `${category.summary} Døgnvakt 24/7.` : category.summary}
              </p>
              <p className="mt-4 min-h-12 text-sm text-muted-foreground">
                {first ? (
                  <>
                    Populært: <span className="font-medium text-foreground">{first.name}</span>
                  </>
                ) : (
                  '\u00a0'
                )}
              </p>
              <p className="mt-auto flex items-center justify-between border-t border-border pt-4">
                <span className="font-bold text-accent-strong dark:text-accent">
                  {formatPriceFrom(price)} <span className="text-sm font-normal text-muted-foreground">inkl. mva</span>
                </span>
                <ArrowRight
                  className="size-5 text-muted-foreground transition-transform group-hover:translate-x-1"
                  aria-hidden="true"
                />
              </p>
            </Card>
          </li>
        )
      })}
    </ul>
  )
}
