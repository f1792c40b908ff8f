import {
  ArrowRight,
  Bath,
  CalendarCheck,
  ClipboardCheck,
  Droplets,
  FileCheck,
  Hammer,
  Handshake,
  HardHat,
  Mail,
  Phone,
  PlugZap,
  Zap,
} from 'lucide-react'
import { cardGrid } from '@/lib/grid'
import { paths } from '@/lib/paths'
import { CtaBand, Hero } from '@/app/public/components/cta-band'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { type Site, since, useSite } from '@/lib/site'
import { PlatformNames } from '../components/platform-names'
import { TeamAvatar, TeamContactLinks } from '../components/team'
import { HeroActions, HeroBadges, IconCards, IconCircle, type IconItem } from '../components/cta-band'

/** The hero's badges; "Autorisert siden …" only with the year the firm gave. */
const heroBadges = (site: Site) => [`Autorisert${since(site)}`, 'Elektro og rør i ett firma', 'Oslo, Viken og hele landet']

const benefits: IconItem[] = [
  {
    icon: CalendarCheck,
    title: 'Vi holder fremdriften',
    text: 'Vi bemanner etter fremdriftsplanen og sier fra tidlig hvis noe kan påvirke den.',
  },
  {
    icon: FileCheck,
    title: 'Dokumentasjon i orden',
    text: 'Samsvarserklæringer, FDV-dokumentasjon og sluttkontroll leveres som avtalt, klart til overtakelse.',
  },
  {
    icon: HardHat,
    title: 'HMS i alle ledd',
    text: 'Montørene våre har HMS-kort og nødvendig opplæring, og vi følger byggeplassens SHA-plan.',
  },
  {
    icon: Handshake,
    title: 'Én part for el og rør',
    text: 'Færre grensesnitt: vi koordinerer elektro og rør internt, så dere har én kontakt å forholde dere til.',
  },
]

const contractServices: IconItem[] = [
  {
    icon: Zap,
    title: 'Elektroinstallasjon i nybygg',
    text: 'Komplette el-anlegg i boliger og næringsbygg, fra byggestrøm til sluttkontroll.',
  },
  {
    icon: Droplets,
    title: 'Rørleggerarbeid i nybygg',
    text: 'Sanitær, vannbåren varme og avløp etter tegninger og beskrivelse.',
  },
  {
    icon: Hammer,
    title: 'Rehabilitering og ombygging',
    text: 'Nye stigeledninger, el-anlegg og bad i bygg der folk bor og arbeider mens vi jobber.',
  },
  {
    icon: Bath,
    title: 'Bad og våtrom i serie',
    text: 'Våtrom etter gjeldende våtromsnorm, med dokumentert membran og tetthetskontroll.',
  },
  {
    icon: PlugZap,
    title: 'Elbillading og energi',
    text: 'Ladeanlegg med lastbalansering for borettslag, næringsbygg og parkeringsanlegg.',
  },
  {
    icon: ClipboardCheck,
    title: 'Service og reklamasjon',
    text: 'Utbedring av mangler og reklamasjonsarbeid etter overtakelse, med kort responstid.',
  },
]

export function ContractPartnersPage() {
  const site = useSite()
  const team = site.content.team.filter((member) => member.pages.includes('partners'))
  const platforms = site.content.platform
  return (
    <>
      <Hero
        eyebrow="For entreprenører og byggherrer"
        title="En trygg underentreprenør på el og rør"
        lead={`Vi leverer elektro- og rørleggerarbeid til totalentreprenører, byggherrer og eiendomsutviklere i Oslo og Viken, og tar oppdrag over hele landet. Autoriserte fagfolk${since(site)}, med dokumentasjonen i orden fra første dag.`}
      >
        <HeroActions label="Send prosjektforespørsel" />
        <HeroBadges label="Kort om oss" items={heroBadges(site)} />
      </Hero>

      <Section
        id="fordeler"
        eyebrow="Samarbeid"
        title="Fire fordeler for dere som entreprenør"
        lead="Vi vet hva som står på spill på en byggeplass: fremdrift, kvalitet og en ryddig overlevering."
      >
        <IconCards items={benefits} layout="stacked" />
      </Section>

      <Section
        id="kontraktstjenester"
        tone="muted"
        eyebrow="Kontraktstjenester"
        title="Dette leverer vi på kontrakt"
        lead="Som underentreprenør eller sideentreprenør, på små og store prosjekter."
      >
        <IconCards items={contractServices} layout="inline" />
      </Section>

      <Section
        id="kontakt"
        eyebrow="Kontakt"
        title="Har dere et prosjekt på gang?"
        lead="Send oss tegninger, beskrivelse og fremdriftsplan, så regner vi på jobben. Vi svarer innen 24 timer."
      >
        <Card className="grid gap-8 p-6 sm:p-10 lg:grid-cols-[1fr_auto] lg:items-center">
          <div>
            <h3 className="text-xl font-semibold">Snakk direkte med oss</h3>
            <ul className="mt-5 space-y-4">
              <li>
                <a
                  href={site.phone_uri}
                  className="inline-flex items-center gap-3 text-lg font-semibold hover:underline"
                >
                  <IconCircle icon={Phone} />
                  <span>
                    <span className="sr-only">Telefon: </span>
                    {site.phone}
                  </span>
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${site.email}`}
                  className="inline-flex items-center gap-3 text-lg font-semibold break-all hover:underline"
                >
                  <IconCircle icon={Mail} />
                  <span>
                    <span className="sr-only">E-post: </span>
                    {site.email}
                  </span>
                </a>
              </li>
            </ul>
            {platforms.length > 0 && (
              <p className="mt-6 text-base text-muted-foreground">
                Dere finner oss også på <PlatformNames platforms={platforms} />.
              </p>
            )}
          </div>
          <div className="flex flex-col gap-3">
            <Button asChild variant="accent" size="lg">
              <a href={paths.contact}>
                Send forespørsel
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
          </div>
        </Card>
      </Section>

      {team.length > 0 && (
        <Section
          id="team"
          tone="muted"
          eyebrow="Teamet"
          title="Dette er kontaktpersonene deres"
          lead="Faste personer følger opp kontraktsarbeidet, fra tilbud til overtakelse."
        >
          <ul className={cardGrid(team.length).list}>
            {team.map((member) => (
              <li key={member.id} className={cardGrid(team.length).item}>
                <Card className="flex h-full flex-col p-6">
                  <TeamAvatar member={member} large />
                  <h3 className="mt-5 text-lg font-semibold">{member.name}</h3>
                  <p className="font-medium text-accent-strong dark:text-accent">{member.title}</p>
                  <p className="mt-3 text-base text-muted-foreground">{member.description}</p>
                  <TeamContactLinks member={member} className="mt-auto space-y-2 pt-5" linkClassName="text-base" />
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <CtaBand
        title="Klar til å regne på neste prosjekt"
        text="Ring oss eller send en forespørsel med underlaget, så får dere en pris dere kan planlegge etter."
      />
    </>
  )
}
