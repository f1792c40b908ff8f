import {
  Briefcase,
  Building,
  Building2,
  CalendarClock,
  Check,
  Droplets,
  type LucideIcon,
  Receipt,
  School,
  Siren,
  Store,
  Users,
  UtensilsCrossed,
  Wrench,
  Zap,
} from 'lucide-react'
import { paths } from '@/lib/paths'
import { CtaBand, Hero } from '@/app/public/components/cta-band'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { HeroActions, HeroBadges, IconCards, type IconItem, ServiceGroupCard } from '../components/cta-band'
import { kept, type Site, since, useSite } from '@/lib/site'

/** The hero's badges; "Autorisert siden …" only with the year the firm gave, each promise only while it is on. */
const heroBadges = (site: Site) =>
  [
    site.claims.on_call && 'Døgnvakt 24/7',
    'Fast kontaktperson',
    site.claims.binding_price && 'Bindende pris før oppstart',
    `Autorisert${since(site)}`,
  ].filter((badge): badge is string => Boolean(badge))

const serviceGroups: { icon: LucideIcon; title: string; text: string; services: string[] }[] = [
  {
    icon: Zap,
    title: 'Elektro for næring',
    text: 'Sikre og dokumenterte el-anlegg som tåler daglig drift.',
    services: [
      'Nye anlegg og ombygging av lokaler',
      'Belysning og oppgradering til LED',
      'Nødlys og ledesystemer',
      'El-kontroll og termografering for internkontroll',
      'Elbillading for ansatte, kunder og beboere',
    ],
  },
  {
    icon: Droplets,
    title: 'Rør og sanitær',
    text: 'Vann, avløp og varme som fungerer – og rask hjelp når noe svikter.',
    services: [
      'Vann og avløp i næringslokaler',
      'Fettutskillere og avløp for storkjøkken',
      'Varmtvann, sirkulasjon og beredere',
      'Lekkasjesikring og automatiske vannstoppere',
      'Rørinspeksjon med kamera',
    ],
  },
  {
    icon: Wrench,
    title: 'Ombygging og vedlikehold',
    text: 'Lokaler som passer virksomheten, med ett firma for alle tekniske fag.',
    services: [
      'Tilpasning av lokaler for nye leietakere',
      'Oppgradering av toaletter, garderober og pauserom',
      'Tekjøkken og kantine',
      'Planlagt vedlikehold etter fast plan',
      'Utbedring av avvik etter tilsyn og tilstandsrapport',
    ],
  },
]

const reasons = (site: Site): IconItem[] => kept([
  {
    icon: CalendarClock,
    title: 'Arbeid når det passer dere',
    text: 'Vi planlegger rundt driften og jobber gjerne kveld, natt og helg, så kunder og ansatte merker minst mulig.',
  },
  {
    icon: Users,
    title: 'Fast kontaktperson',
    text: 'Én prosjektleder som kjenner bygget og anlegget, og som svarer når dere ringer.',
  },
  {
    icon: Receipt,
    title: 'Forutsigbare kostnader',
    text: `${site.claims.binding_price ? 'Bindende pris før oppstart, tydelige' : 'Tydelige'} tilbud og fakturaer som er enkle å kontere.`,
  },
  {
    icon: Siren,
    title: 'Døgnvakt 24/7',
    text: `Driftsstans venter ikke til mandag.${site.claims.leak_within_hour ? ' Ved akutt vannlekkasje er vi på plass på under én time.' : ' Vi rykker ut hele døgnet.'}`,
    when: site.claims.on_call,
  },
])

const industries = (site: Site): IconItem[] => [
  {
    icon: Briefcase,
    title: 'Kontor',
    text: 'Strøm til arbeidsplasser, belysning, tekjøkken og toaletter i kontorer og kontorfellesskap.',
  },
  {
    icon: Store,
    title: 'Butikk og handel',
    text: 'Belysning, kassepunkter, varmtvann og raske utbedringer utenom åpningstid.',
  },
  {
    icon: UtensilsCrossed,
    title: 'Restaurant og kafé',
    text: 'Storkjøkken, fettutskillere og egne kurser til kjøkkenutstyr – med minst mulig nedetid.',
  },
  {
    icon: Building,
    title: 'Borettslag og sameie',
    text: `Nye stigeledninger og sikringsskap${site.claims.on_call ? ', felles elbillading og døgnvakt for beboerne' : ' og felles elbillading'}.`,
  },
  {
    icon: Building2,
    title: 'Eiendom og gårdeiere',
    text: 'Leietakertilpasninger, vedlikeholdsplaner og dokumentasjon for utleiebygg.',
  },
  {
    icon: School,
    title: 'Helse og skole',
    text: 'Legekontor, klinikker, barnehager og skoler: trygge anlegg og arbeid planlagt rundt driften.',
  },
]

const agreementIncludes = (site: Site) => [
  'Årlig el-kontroll og termografering av fordelingstavler',
  'Ettersyn av vann, avløp, beredere og vannstoppere',
  site.claims.on_call ? 'Prioritert utrykning ved driftsstans, hele døgnet' : 'Prioritert utrykning ved driftsstans',
  'Fast kontaktperson som kjenner bygget',
  'Rapport etter hvert besøk, med forslag til tiltak og pris',
  'Dokumentasjon som kan brukes direkte i internkontrollen',
]

const agreementSteps = (site: Site): { title: string; text: string }[] => [
  { title: 'Gjennomgang', text: 'Vi går gjennom bygget og anlegget sammen med dere og noterer hva som trengs.' },
  { title: 'Tilbud', text: 'Dere får et skriftlig tilbud på en avtale tilpasset bygget og driften.' },
  {
    title: 'Oppstart',
    text: `Vi setter opp en plan for faste besøk${site.claims.on_call ? ', og dere har døgnvakt fra første dag' : ''}.`,
  },
]

export function BusinessCustomersPage() {
  const site = useSite()
  return (
    <>
      <Hero
        eyebrow="For bedrifter"
        title="Elektriker og rørlegger for næringsbygg, butikker og borettslag"
        lead="Vi holder lokalene deres i drift med planlagt vedlikehold, raske utrykninger og faste kontaktpersoner. Arbeidet gjøres når det passer virksomheten – også kveld og helg."
      >
        <HeroActions label="Be om tilbud" />
        <HeroBadges label="Dette får dere" items={heroBadges(site)} />
      </Hero>

      <Section
        id="tjenester"
        eyebrow="Tjenester"
        title="Tekniske tjenester for bedrifter"
        lead="Elektro, rør og ombygging fra ett firma. Dere får én avtale, én faktura og fagfolk som snakker sammen."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {serviceGroups.map((group) => (
            <ServiceGroupCard key={group.title} icon={group.icon} title={group.title} text={group.text} services={group.services} />
          ))}
        </div>
      </Section>

      <Section
        id="fordeler"
        tone="muted"
        eyebrow="Hvorfor oss"
        title="Fire grunner til å velge oss"
        lead="Bedrifter trenger håndverkere som leverer til avtalt tid og pris – og som er der når noe stopper opp."
      >
        <IconCards items={reasons(site)} layout="stacked" />
      </Section>

      <Section
        id="bransjer"
        eyebrow="Bransjer"
        title="Bransjer vi jobber for"
        lead="Vi kjenner kravene og driften i ulike typer bygg, og tilpasser arbeidet etter det."
      >
        <IconCards items={industries(site)} layout="inline" />
      </Section>

      <Section
        id="serviceavtale"
        tone="muted"
        eyebrow="Serviceavtale"
        title="Serviceavtale: vi tar ansvaret for anlegget"
        lead="Med en serviceavtale blir el- og røranlegget fulgt opp etter en fast plan, og dere får prioritet når noe haster."
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <Card className="p-6 sm:p-8">
            <h3 className="text-xl font-semibold">Dette er inkludert</h3>
            <ul className="mt-5 space-y-3">
              {agreementIncludes(site).map((item) => (
                <li key={item} className="flex gap-3 text-base">
                  <Check className="mt-1 size-4 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </Card>
          <Card className="flex flex-col p-6 sm:p-8">
            <h3 className="text-xl font-semibold">Slik kommer dere i gang</h3>
            <ol className="mt-5 space-y-5">
              {agreementSteps(site).map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold">{step.title}</p>
                    <p className="mt-1 text-base text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <div className="mt-auto pt-8">
              <Button asChild variant="default" size="lg">
                <a href={paths.contact}>Be om tilbud på avtale</a>
              </Button>
            </div>
          </Card>
        </div>
      </Section>

      <CtaBand
        title="La oss ta en prat om bygget deres"
        text="Fortell oss hva dere trenger, så kommer vi tilbake innen 24 timer med forslag til løsning og pris."
      />
    </>
  )
}
