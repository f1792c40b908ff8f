import { Award, Clock, FileCheck, ShieldCheck } from 'lucide-react'
import { Section } from '@/components/ui/section'
import { ServiceList } from '@/features/services/components/service-list'
import { kept, type Site, since, useSite, warranty } from '@/lib/site'
import { CtaBand, Hero, HeroActions } from '../components/cta-band'
import { PriceGuarantee, QuoteBlock, Reasons } from '../components/trade-blocks'

/** Why us; "Autorisert siden …" only with the year the firm gave. */
const reasons = (site: Site) =>
  kept([
    { icon: Award, title: `Autorisert${since(site)}`, text: 'Registrert elektroforetak med erfarne, sertifiserte montører.' },
    { icon: FileCheck, title: 'Full dokumentasjon', text: 'Samsvarserklæring og oppdaterte kursfortegnelser på alle jobber.' },
    { icon: Clock, title: 'Rask hjelp', text: 'Døgnvakt ved strømbrudd og feil som ikke kan vente.', when: site.claims.on_call },
    {
      icon: ShieldCheck,
      title: warranty(site) ?? '',
      text: 'Vi står for arbeidet vårt, lenge etter at vi har pakket sammen.',
      when: Boolean(warranty(site)),
    },
  ])

export function ElectricianPage() {
  const site = useSite()
  return (
    <>
      <Hero
        eyebrow="Elektriker i Oslo og Viken"
        title={site.claims.binding_price ? 'Autorisert elektriker – trygt, ryddig og til fast pris' : 'Autorisert elektriker – trygt og ryddig'}
        lead="Fra jordfeil og sikringer som går, til nytt sikringsskap, elbillader og varmekabler. Vi finner feilen og gjør jobben riktig første gang."
      >
        <HeroActions />
      </Hero>
      <Section
        id="elektrikertjenester"
        title="Elektrikertjenester"
        lead="Veiledende fra-priser inkludert mva. Endelig pris får du etter befaring."
      >
        <ServiceList
          category="elektriker"
          loadingText="Laster tjenester..."
          emptyText="Ingen aktive elektrikertjenester funnet."
        />
      </Section>
      <QuoteBlock
        title="Få et uforpliktende tilbud"
        text={`Fortell oss hva du vil ha gjort, så kommer vi på befaring og gir deg ${site.claims.binding_price ? 'en fast pris' : 'et tilbud'}${site.claims.free_visit ? ' – uten kostnad' : ''}.`}
      />
      <PriceGuarantee />
      <Section id="hvorfor-oss" tone="muted" title="Hvorfor velge oss som elektriker?">
        <Reasons reasons={reasons(site)} />
      </Section>
      <CtaBand
        title="Strømmen borte eller sikringen går?"
        text={site.claims.on_call ? 'Ring døgnvakten, så hjelper vi deg – også på kvelder og i helger.' : 'Ring oss, så finner vi feilen og sier hva det koster.'}
      />
    </>
  )
}
