import {
  ArrowRight,
  BadgeCheck,
  Clock,
  Droplets,
  FileCheck,
  Hammer,
  type LucideIcon,
  MapPin,
  ShieldCheck,
  Zap,
} from 'lucide-react'
import { paths } from '@/lib/paths'
import { CtaBand, Hero } from '@/app/public/components/cta-band'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { kept, type Project, type Site, since, useSite, warranty } from '@/lib/site'
import { HeroActions, HeroBadges, IconCards, type IconItem, ServiceGroupCard } from '../components/cta-band'

type ServiceGroup = {
  icon: LucideIcon
  title: string
  text: string
  services: string[]
  link: { to: string; label: string }
}

const serviceGroups = (site: Site): ServiceGroup[] => [
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
    text: `Fra dryppende kraner til akutte lekkasjer${site.claims.on_call ? ' – vi rykker ut hele døgnet' : ''}.`,
    services: [
      site.claims.on_call ? 'Akutt vannlekkasje med døgnvakt' : 'Akutt vannlekkasje',
      'Tette avløp i kjøkken, bad og kjeller',
      'Ny varmtvannsbereder og vannstopper',
      'Utskifting av gamle rør og stoppekraner',
    ],
    link: { to: paths.plumber, label: 'Se rørleggertjenester' },
  },
]

/** Why us: "Autorisert siden …" only with the year the firm gave, each promise only while it is on. */
const reasons = (site: Site): IconItem[] => kept([
  {
    icon: BadgeCheck,
    title: `Autorisert${since(site)}`,
    text: 'Alle oppdrag utføres av autoriserte fagfolk, og du får samsvarserklæring og dokumentasjon når jobben er ferdig.',
  },
  {
    icon: FileCheck,
    title: 'Bindende pris før oppstart',
    text: 'Etter befaring får du en skriftlig pris som gjelder. Ingen overraskelser på fakturaen.',
    when: site.claims.binding_price,
  },
  {
    icon: ShieldCheck,
    title: warranty(site) ?? '',
    text: 'Vi står for arbeidet vårt. Oppstår det feil på det vi har gjort, retter vi det uten kostnad for deg.',
    when: Boolean(warranty(site)),
  },
  {
    icon: Clock,
    title: 'Døgnvakt 24/7',
    text: `${site.claims.leak_within_hour ? 'Ved akutt vannlekkasje er vi hos deg på under én time. ' : ''}Ring når som helst – også i helger og høytider.`,
    when: site.claims.on_call,
  },
])

export function PrivateCustomersPage() {
  const site = useSite()
  const promises = site.content.promise
  // The customer story is the firm's own newest project that is not contract work (Innhold,
  // Prosjekter); without one the section is left out rather than filled with invention.
  const story = site.content.project.find((project) => project.type !== 'Kontraktsarbeid') ?? site.content.project[0]
  return (
    <>
      <Hero
        eyebrow="For private kunder"
        title="Trygg hjelp med hjemmet – fra befaring til ferdig jobb"
        lead={`Vi er autoriserte elektrikere og rørleggere som pusser opp kjøkken og bad${
          site.claims.on_call ? ', fikser strøm og rør, og rykker ut døgnet rundt når noe haster' : ' og fikser strøm og rør'
        }.${site.claims.binding_price ? ' Du får bindende pris før vi starter.' : ''}${
          warranty(site) ? ` Du får ${warranty(site)} på arbeidet.` : ''
        }`}
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
          {serviceGroups(site).map((group) => (
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

      {story && <CaseStory project={story} />}

      <CtaBand
        title="Trenger du hjelp hjemme?"
        text={`Ring oss for en uforpliktende prat, eller send en forespørsel. Vi svarer innen 24 timer${
          site.claims.leak_within_hour ? ', og ved akutt vannlekkasje er vi på plass på under én time' : ''
        }.`}
      />
    </>
  )
}

/** "Kundehistorie": one of the firm's projects told as a story, with its facts beside it. */
function CaseStory({ project }: { project: Project }) {
  const photo = project.photos[0]
  const facts = [
    { label: 'Sted', value: project.place },
    { label: 'Oppdrag', value: project.type },
    { label: 'År', value: String(project.year) },
  ]
  return (
    <Section id="kundehistorie" eyebrow="Kundehistorie" title={project.title}>
      <Card className="grid gap-10 p-6 sm:p-10 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {photo && (
            <img
              src={photo.src}
              srcSet={photo.srcset || undefined}
              sizes="(min-width: 1024px) 40rem, 100vw"
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              alt={photo.alt}
              loading="lazy"
              className="aspect-[3/2] w-full rounded-xl object-cover"
            />
          )}
          <p className="text-base leading-relaxed text-muted-foreground">{project.description}</p>
          {project.highlights.length > 0 && (
            <ul className="grid gap-2">
              {project.highlights.map((point) => (
                <li key={point} className="flex gap-2">
                  <BadgeCheck className="mt-0.5 size-5 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
          )}
        </div>
        <aside aria-label="Fakta om prosjektet" className="h-fit rounded-xl bg-muted/60 p-6">
          <p className="flex items-center gap-2 font-semibold">
            <MapPin className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
            Fakta om prosjektet
          </p>
          <dl className="mt-5 space-y-4">
            {facts.map((fact) => (
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
  )
}
