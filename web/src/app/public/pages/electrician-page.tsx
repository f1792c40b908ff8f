import { Award, Clock, FileCheck, ShieldCheck } from 'lucide-react'
import { Section } from '@/components/ui/section'
import { ServiceList } from '@/features/services/components/service-list'
import { type Site, since, useSite } from '@/lib/site'
import { CtaBand, Hero, HeroActions } from '../components/cta-band'
import { PriceGuarantee, QuoteBlock, Reasons } from '../components/trade-blocks'

/** Why us; "Autorisert siden …" only with the year the firm gave. */
const reasons = (site: Site) => [
  { icon: Award, title: `Autorisert${since(site)}`, text: 'Registrert elektroforetak med erfarne, sertifiserte montører.' },
  { icon: FileCheck, title: 'Full dokumentasjon', text: 'Samsvarserklæring og oppdaterte kursfortegnelser på alle jobber.' },
  { icon: Clock, title: 'Rask hjelp', text: 'Døgnvakt ved strømbrudd og feil som ikke kan vente.' },
  { icon: ShieldCheck, title: '5 års garanti', text: 'Vi står for arbeidet vårt, lenge etter at vi har pakket sammen.' },
]

export function ElectricianPage() {
  const site = useSite()
  return (
    <>
      <Hero
        eyebrow="Elektriker i Oslo og Viken"
        title="Autorisert elektriker – trygt, ryddig og til fast pris"
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
        text="Fortell oss hva du vil ha gjort, så kommer vi på befaring og gir deg en fast pris – uten kostnad."
      />
      <PriceGuarantee />
      <Section id="hvorfor-oss" tone="muted" title="Hvorfor velge oss som elektriker?">
        <Reasons reasons={reasons(site)} />
      </Section>
      <CtaBand
        title="Strømmen borte eller sikringen går?"
        text="Ring døgnvakten, så hjelper vi deg – også på kvelder og i helger."
      />
    </>
  )
}
