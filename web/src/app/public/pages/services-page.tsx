import { ArrowRight, Check } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Section } from '@/components/ui/section'
import { CategoryOverview, categories } from '@/features/services/components/category-overview'
import { useSite } from '@/lib/site'
import { CtaBand, Hero } from '../components/cta-band'

export function ServicesPage() {
  const site = useSite()
  const promises = site.content.promise
  return (
    <>
      <Hero
        eyebrow="Tjenester"
        title="Elektriker, rørlegger og kjøkken og bad"
        lead={`Her er alt vi gjør, med veiledende fra-priser inkludert mva. Etter en ${site.claims.free_visit ? 'gratis ' : ''}befaring får du ${site.claims.binding_price ? 'en bindende pris' : 'et tilbud'}.`}
      >
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-white/90">
          {promises.slice(0, 4).map((promise) => (
            <li key={promise.id} className="flex items-center gap-2">
              <Check className="size-5 text-accent" aria-hidden="true" />
              {promise.text}
            </li>
          ))}
        </ul>
      </Hero>
      <Section id="fagomrader" title="Velg fagområde" lead="Hvert fagområde har sin egen side med alle tjenester og priser.">
        <CategoryOverview />
      </Section>
      <Section id="alle-sider" tone="muted" title="Gå rett til tjenestene">
        <ul className="grid gap-4 sm:grid-cols-3">
          {categories.map((category) => (
            <li key={category.slug}>
              <Button asChild variant="outline" size="lg" className="w-full justify-between">
                <a href={category.to}>
                  {category.name}
                  <ArrowRight aria-hidden="true" />
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="Usikker på hva du trenger?"
        text="Beskriv jobben, så finner vi riktig fagperson og gir deg en fast pris."
      />
    </>
  )
}
