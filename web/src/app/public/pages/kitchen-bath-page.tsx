import { Bath, CalendarCheck, ChefHat, ClipboardList, Droplets, Hammer, MessagesSquare, Paintbrush, PencilRuler, Zap } from 'lucide-react'
import { paths } from '@/lib/paths'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { ServiceList } from '@/features/services/components/service-list'
import { formatPriceFrom } from '@/lib/format'
import { type Site, useSite, warranty } from '@/lib/site'
import { CtaBand, Hero, HeroActions } from '../components/cta-band'
import { PriceGuarantee } from '../components/trade-blocks'

/** The four steps; each promise in them only while the firm makes it (Innstillinger). */
const process = (site: Site) => [
  {
    icon: MessagesSquare,
    title: 'Konsultasjon',
    text: `${site.claims.free_visit ? 'Gratis befaring' : 'Befaring'} hjemme hos deg. Vi ser på rommet, hører på ønskene dine og gir et prisestimat.`,
  },
  {
    icon: PencilRuler,
    title: 'Planlegging',
    text: `Tegninger, materialvalg og fremdriftsplan. Du får ${site.claims.binding_price ? 'en bindende pris' : 'et tilbud'} og en fast ferdigdato.`,
  },
  {
    icon: Hammer,
    title: 'Utførelse',
    text: 'Rørlegger, elektriker, flislegger og snekker fra samme firma, koordinert av én prosjektleder.',
  },
  {
    icon: CalendarCheck,
    title: 'Ferdigstillelse',
    text: `Sluttkontroll sammen med deg og full dokumentasjon${warranty(site) ? `, og ${warranty(site)} på arbeidet` : ''}.`,
  },
]

/** The lowest "fra" price of the firm's active services whose name matches, or null. */
function lowestPrice(site: Site, name: RegExp): number | null {
  const prices = (site.services ?? [])
    .filter((service) => name.test(service.name) && service.price_from != null)
    .map((service) => service.price_from as number)
  return prices.length ? Math.min(...prices) : null
}

const included = [
  { icon: PencilRuler, title: 'Design og planlegging', text: 'Løsningsforslag, tegninger og hjelp med valg av innredning og flis.' },
  { icon: Droplets, title: 'Rørleggerarbeid', text: 'Sluk, membran, vann og avløp etter våtromsnormen, med dokumentasjon.' },
  { icon: Zap, title: 'Elektrisk arbeid', text: 'Varmekabler, belysning, stikkontakter og ventilasjon, med samsvarserklæring.' },
  { icon: Paintbrush, title: 'Ferdigstillelse', text: 'Flislegging, maling, lister og montering – rengjort og klart til bruk.' },
] as const

export function KitchenBathPage() {
  const site = useSite()
  const visit = site.claims.free_visit ? 'Bestill gratis befaring' : 'Bestill befaring'
  return (
    <>
      <Hero
        eyebrow="Kjøkken og bad i Oslo og Viken"
        title="Nytt bad eller kjøkken – med alle fag under ett tak"
        lead={`Vi tar hele jobben: planlegging, rør, elektrisk, membran, flis og montering. Én prosjektleder${
          site.claims.binding_price ? ', én bindende pris' : ''
        }${warranty(site) ? ` og ${warranty(site)}` : ''}.`}
      >
        <HeroActions label={visit} />
      </Hero>
      <Section
        id="kjokken-bad-tjenester"
        title="Tjenester innen kjøkken og bad"
        lead={`Veiledende fra-priser inkludert mva. Etter befaring får du ${site.claims.binding_price ? 'en bindende pris' : 'et tilbud'}.`}
      >
        <ServiceList
          category="kjokken-bad"
          loadingText="Laster kjøkken & bad tjenester..."
          emptyText="Ingen aktive kjøkken & bad tjenester funnet."
        />
      </Section>
      <Section id="prosess" tone="muted" eyebrow="Slik gjør vi det" title="Fire steg til ferdig rom">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {process(site).map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-border bg-card p-6">
              <p className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <step.icon className="size-6 text-accent-strong dark:text-accent" aria-hidden="true" />
              </p>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-1.5 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="kontakt-oss" title="Hva kan vi hjelpe deg med?">
        <div className="grid gap-6 md:grid-cols-2">
          <OfferCard
            icon={ChefHat}
            title="Kjøkkenmontering"
            text="Vi monterer kjøkken fra alle leverandører, kobler vann og avløp og legger opp nye kurser til komfyr og hvitevarer."
            price={lowestPrice(site, /kjøkken/i)}
          />
          <OfferCard
            icon={Bath}
            title="Baderomsrenovering"
            text="Totalrenovering med riving, membran, sluk, varmekabler og flis, med våtromsdokumentasjon og fast ferdigdato."
            price={lowestPrice(site, /renovering av bad|baderomsrenovering/i)}
          />
        </div>
      </Section>
      <PriceGuarantee>
        Prisen du får etter befaringen er bindende. Den omfatter alt arbeid og materiell som er beskrevet i tilbudet,
        og endres bare hvis du selv ønsker endringer underveis.
      </PriceGuarantee>
      <Section id="inkludert" tone="muted" eyebrow="Alt inkludert" title="Dette er med i prisen">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {included.map((item) => (
            <li key={item.title} className="rounded-2xl border border-border bg-card p-6">
              <item.icon className="size-7 text-accent-strong dark:text-accent" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-semibold">{item.title}</h3>
              <p className="mt-1.5 text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title={visit}
        text={`Vi kommer hjem til deg i Oslo og Viken, ser på rommet og gir deg ${site.claims.binding_price ? 'en bindende pris' : 'et tilbud'}.`}
      />
    </>
  )
}

/** A service card; its price is the firm's own from the catalogue, or left out. */
function OfferCard({ icon: Icon, title, text, price }: { icon: typeof Bath; title: string; text: string; price: number | null }) {
  return (
    <Card className="flex h-full flex-col p-7">
      <Icon className="size-9 text-accent-strong dark:text-accent" aria-hidden="true" />
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 flex-1 text-muted-foreground">{text}</p>
      {price != null && (
        <p className="mt-4 font-bold text-accent-strong dark:text-accent">
          {formatPriceFrom(price)} <span className="text-sm font-normal text-muted-foreground">inkl. mva</span>
        </p>
      )}
      <Button asChild variant="default" className="mt-5 w-fit">
        <a href={paths.contact}>
          <ClipboardList aria-hidden="true" />
          Be om tilbud
        </a>
      </Button>
    </Card>
  )
}
