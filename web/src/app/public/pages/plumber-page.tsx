import { Clock, Droplets, FileCheck, ShieldCheck, Siren } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Container, Section } from '@/components/ui/section'
import { ServiceList } from '@/features/services/components/service-list'
import { kept, type Site, useSite, warranty } from '@/lib/site'
import { CtaBand, Hero, HeroActions } from '../components/cta-band'
import { QuoteBlock, Reasons } from '../components/trade-blocks'

/** Why us: each promise only while it is on. ("Mesterbedrift" is gone: a title the
 * firm must hold, which no example may claim for it.) */
const reasons = (site: Site) =>
  kept([
    {
      icon: Clock,
      title: 'Under 1 time ved lekkasje',
      text: 'Ved akutt vannlekkasje er vi normalt på plass innen en time.',
      when: site.claims.leak_within_hour,
    },
    { icon: FileCheck, title: 'Dokumentert arbeid', text: 'Våtromsdokumentasjon og bilder av skjulte installasjoner.' },
    {
      icon: ShieldCheck,
      title: warranty(site) ?? '',
      text: `Garanti på arbeidet${site.claims.binding_price ? ' og bindende pris før vi starter' : ''}.`,
      when: Boolean(warranty(site)),
    },
  ])

export function PlumberPage() {
  const site = useSite()
  return (
    <>
      <Hero
        eyebrow="Rørlegger i Oslo og Viken"
        title={site.claims.on_call ? 'Rørlegger med døgnvakt – vi kommer når det renner' : 'Rørlegger i Oslo – vi kommer når det renner'}
        lead="Akutte lekkasjer, tette avløp, nye rør og varmtvannsberedere. Erfarne rørleggere som rydder etter seg og holder prisen."
      >
        <HeroActions />
      </Hero>
      <Section
        id="rorleggertjenester"
        title="Rørleggertjenester"
        lead="Veiledende fra-priser inkludert mva. Endelig pris får du etter befaring."
      >
        <ServiceList
          category="rorlegger"
          loadingText="Laster tjenester..."
          emptyText="Ingen aktive rørleggertjenester funnet."
        />
      </Section>
      {site.claims.on_call && <section className="bg-destructive/10 py-14" aria-labelledby="dognvakt-tittel">
        <Container className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <Siren className="mt-1 size-9 shrink-0 text-destructive" aria-hidden="true" />
            <div>
              <h2 id="dognvakt-tittel" className="text-2xl font-bold">
                Døgnvakt 24/7 ved vannlekkasje
              </h2>
              <p className="mt-2 max-w-xl text-foreground/85">
                Steng hovedkranen og ring oss.{' '}
                {site.claims.leak_within_hour
                  ? 'Ved akutt vannlekkasje er vi normalt hos deg innen en time – natt, helg og helligdag.'
                  : 'Vi rykker ut natt, helg og helligdag.'}
              </p>
            </div>
          </div>
          <Button asChild variant="destructive" size="lg">
            <a href={site.phone_uri}>
              <Droplets aria-hidden="true" />
              Ring døgnvakten
            </a>
          </Button>
        </Container>
      </section>}
      <QuoteBlock
        title="Planlegger du en rørleggerjobb?"
        text={`Ny bereder, flytting av vannpunkter eller rørfornying: vi kommer på ${site.claims.free_visit ? 'gratis ' : ''}befaring og gir deg ${site.claims.binding_price ? 'en bindende pris' : 'et tilbud'}.`}
      />
      <Section id="hvorfor-oss" tone="muted" title="Hvorfor velge oss som rørlegger?">
        <Reasons reasons={reasons(site)} />
      </Section>
      <CtaBand title="Trenger du en rørlegger?" text="Ring oss nå, eller send en forespørsel så ringer vi deg tilbake." />
    </>
  )
}
