import {
  ArrowRight,
  BadgeCheck,
  Clock,
  Droplets,
  FileCheck,
  Hammer,
  type LucideIcon,
  MapPin,
  Quote,
  ShieldCheck,
  Zap,
} from 'lucide-react'
import { paths } from '@/lib/paths'
import { CtaBand, Hero } from '@/app/public/components/cta-band'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { type Site, since, useSite } from '@/lib/site'
import { HeroActions, HeroBadges, IconCards, type IconItem, ServiceGroupCard } from '../components/cta-band'

type ServiceGroup = {
  icon: LucideIcon
  title: string
  text: string
  services: string[]
  link: { to: string; label: string }
}

const serviceGroups: ServiceGroup[] = [
  {
    icon: Hammer,
    title: 'Oppussing av hjemmet',
    text: 'Nytt bad eller kjøkken med ett firma som styrer alle fagene, fra riving til siste flis.',
    services: [
      'Totalrenovering av bad og vaskerom',
      'Nytt kjøkken med montering, rør og strøm',
      'Varmekabler under fliser og parkett',
      'Oppgradering før salg eller etter overtakelse',
    ],
    link: { to: paths.kitchenBath, label: 'Les om kjøkken og bad' },
  },
  {
    icon: Zap,
    title: 'Elektriker',
    text: 'Trygg strøm i hele boligen, utført av autoriserte elektrikere med dokumentasjon.',
    services: [
      'Feilsøking når sikringen går eller lyset blinker',
      'Nytt sikringsskap med jordfeilvern',
      'Elbillader hjemme, tilpasset anlegget ditt',
      'Nye stikkontakter, lys og smarthus',
    ],
    link: { to: paths.electrician, label: 'Se elektrikertjenester' },
  },
  {
    icon: Droplets,
    title: 'Rørlegger',
    text: 'Fra dryppende kraner til akutte lekkasjer – vi rykker ut hele døgnet.',
    services: [
      'Akutt vannlekkasje med døgnvakt',
      'Tette avløp i kjøkken, bad og kjeller',
      'Ny varmtvannsbereder og vannstopper',
      'Utskifting av gamle rør og stoppekraner',
    ],
    link: { to: paths.plumber, label: 'Se rørleggertjenester' },
  },
]

/** Why us; "Autorisert siden …" only with the year the firm gave. */
const reasons = (site: Site): IconItem[] => [
  {
    icon: BadgeCheck,
    title: `Autorisert${since(site)}`,
    text: 'Alle oppdrag utføres av autoriserte fagfolk, og du får samsvarserklæring og dokumentasjon når jobben er ferdig.',
  },
  {
    icon: FileCheck,
    title: 'Bindende pris før oppstart',
    text: 'Etter befaring får du en skriftlig pris som gjelder. Ingen overraskelser på fakturaen.',
  },
  {
    icon: ShieldCheck,
    title: '5 års garanti',
    text: 'Vi står for arbeidet vårt. Oppstår det feil på det vi har gjort, retter vi det uten kostnad for deg.',
  },
  {
    icon: Clock,
    title: 'Døgnvakt 24/7',
    text: 'Ved akutt vannlekkasje er vi hos deg på under én time. Ring når som helst – også i helger og høytider.',
  },
]

const caseFacts: { label: string; value: string }[] = [
  { label: 'Sted', value: 'Enebolig på Nordstrand, Oslo' },
  { label: 'Oppdrag', value: 'Nytt bad, nytt sikringsskap og nye vannrør' },
  { label: 'Varighet', value: 'Fire uker' },
  { label: 'Pris', value: 'Bindende pris avtalt etter befaring' },
]

const caseSteps: { title: string; text: string }[] = [
  {
    title: 'Utgangspunktet',
    text: 'Familien hadde et bad fra 1970-tallet med fuktskader rundt sluket, skrusikringer i gangen og gamle galvaniserte vannrør. De ønsket å pusse opp badet, men var usikre på hva annet som burde gjøres samtidig.',
  },
  {
    title: 'Løsningen',
    text: 'På befaringen gikk vi gjennom bad, el-anlegg og rør sammen med familien. Tilbudet delte jobben i tre deler med bindende pris for hver, slik at de selv kunne velge rekkefølge. De valgte å ta alt på én gang.',
  },
  {
    title: 'Resultatet',
    text: 'Badet fikk ny membran, varmekabler og vegghengt toalett. Det nye sikringsskapet har jordfeilvern på alle kurser, og vannrørene ble byttet til rør-i-rør med vannstopper. Alt ble dokumentert og overlevert i en samlet mappe.',
  },
]

export function PrivateCustomersPage() {
  const site = useSite()
  const promises = site.content.promise
  return (
    <>
      <Hero
        eyebrow="For private kunder"
        title="Trygg hjelp med hjemmet – fra befaring til ferdig jobb"
        lead="Vi er autoriserte elektrikere og rørleggere som pusser opp kjøkken og bad, fikser strøm og rør, og rykker ut døgnet rundt når noe haster. Du får bindende pris før vi starter, og 5 års garanti på arbeidet."
      >
        <HeroActions label="Be om pris på jobben" />
        <HeroBadges label="Dette lover vi" items={promises.map((promise) => promise.text)} />
      </Hero>

      <Section
        id="tjenester"
        eyebrow="Tjenester"
        title="Dette hjelper vi deg med"
        lead="Ett firma for strøm, rør og oppussing. Fagene jobber sammen, så du slipper å koordinere håndverkerne selv."
      >
        <div className="grid gap-6 md:grid-cols-3">
          {serviceGroups.map((group) => (
            <ServiceGroupCard key={group.title} icon={group.icon} title={group.title} text={group.text} services={group.services}>
              <div className="mt-auto pt-6">
                <a
                  href={group.link.to}
                  className="inline-flex items-center gap-2 font-semibold text-accent-strong hover:underline dark:text-accent"
                >
                  {group.link.label}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </a>
              </div>
            </ServiceGroupCard>
          ))}
        </div>
        <div className="mt-10">
          <Button asChild variant="outline" size="lg">
            <a href={paths.services}>
              Se alle tjenester og priser
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </div>
      </Section>

      <Section
        id="fordeler"
        tone="muted"
        eyebrow="Hvorfor oss"
        title="Fire grunner til å velge oss"
        lead="Du skal kunne stole på håndverkeren du slipper inn i hjemmet ditt. Slik gjør vi det enkelt."
      >
        <IconCards items={reasons(site)} layout="stacked" />
      </Section>

      <Section
        id="kundehistorie"
        eyebrow="Kundehistorie"
        title="Nytt bad, ny strøm og nye rør på Nordstrand"
        lead="Et typisk oppdrag for en familie i Oslo: det startet med et bad, og endte med en bolig som er trygg i mange år fremover."
      >
        <Card className="grid gap-10 p-6 sm:p-10 lg:grid-cols-[1fr_20rem]">
          <div className="space-y-8">
            {caseSteps.map((step) => (
              <div key={step.title}>
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-base leading-relaxed text-muted-foreground">{step.text}</p>
              </div>
            ))}
            <figure className="rounded-xl border border-border bg-muted/60 p-6">
              <Quote className="size-6 text-accent-strong dark:text-accent" aria-hidden="true" />
              <blockquote className="mt-3 text-lg leading-relaxed">
                «Vi visste hva alt skulle koste før de begynte, og de holdt seg til planen. Det var trygt å ha én
                kontaktperson for hele jobben.»
              </blockquote>
              <figcaption className="mt-3 text-base text-muted-foreground">Familien på Nordstrand</figcaption>
            </figure>
          </div>
          <aside aria-label="Fakta om prosjektet" className="rounded-xl bg-muted/60 p-6">
            <p className="flex items-center gap-2 font-semibold">
              <MapPin className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
              Fakta om prosjektet
            </p>
            <dl className="mt-5 space-y-4">
              {caseFacts.map((fact) => (
                <div key={fact.label}>
                  <dt className="text-sm font-medium text-muted-foreground">{fact.label}</dt>
                  <dd className="text-base font-semibold">{fact.value}</dd>
                </div>
              ))}
            </dl>
            <a
              href={paths.references}
              className="mt-6 inline-flex items-center gap-2 font-semibold text-accent-strong hover:underline dark:text-accent"
            >
              Flere referanser
              <ArrowRight className="size-4" aria-hidden="true" />
            </a>
          </aside>
        </Card>
      </Section>

      <CtaBand
        title="Trenger du hjelp hjemme?"
        text="Ring oss for en uforpliktende prat, eller send en forespørsel. Vi svarer innen 24 timer, og ved akutt vannlekkasje er vi på plass på under én time."
      />
    </>
  )
}
