import { cardGrid } from '@/lib/grid'
import { cn } from '@/lib/utils'
import { ArrowRight, Bath, CalendarCheck, Droplets, FileSignature, Phone, ShieldCheck, Star, Wrench, Zap } from 'lucide-react'
import { paths } from '@/lib/paths'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Container, Section } from '@/components/ui/section'
import { ContactForm } from '@/features/contact/components/contact-form'
import { CategoryOverview } from '@/features/services/components/category-overview'
import { experience, type Site, sentence, since, useSite, warranty } from '@/lib/site'
import { TeamAvatar } from '../components/team'

/** The three trades; what a trade promises shows only while the firm promises it (Innstillinger). */
const specialties = (site: Site) =>
  [
    {
      icon: Zap,
      title: 'Elektriker',
      to: paths.electrician,
      text: 'Autoriserte elektrikere for alt fra jordfeil og sikringsskap til elbillader og smarthus.',
      points: ['Feilsøking og utbedring', 'Samsvarserklæring på alt', 'Elbillader og gulvvarme'],
    },
    {
      icon: Droplets,
      title: 'Rørlegger',
      to: paths.plumber,
      text:
        sentence([
          site.claims.on_call && 'døgnvakt ved lekkasje',
          site.claims.leak_within_hour && 'vi er på plass innen en time ved akutt vannlekkasje i Oslo',
        ]) || 'Lekkasjer, tette avløp, varmtvann og nye rør i Oslo.',
      points: [site.claims.on_call ? 'Døgnvakt 24/7' : 'Lekkasjer og reparasjoner', 'Tette avløp og stakeoppdrag', 'Varmtvann og nye rør'],
    },
    {
      icon: Bath,
      title: 'Kjøkken & bad',
      to: paths.kitchenBath,
      text: 'Totalrenovering av bad og montering av kjøkken, med alle fag fra samme firma.',
      points: [
        site.claims.free_visit ? 'Gratis befaring' : 'Befaring før pris',
        'Våtromsdokumentasjon',
        site.claims.binding_price ? 'Fast pris og fast ferdigdato' : 'Avtalt ferdigdato',
      ],
    },
  ] as const

const steps = (site: Site) => [
  {
    icon: Phone,
    title: 'Ta kontakt',
    text: 'Ring oss eller send skjemaet. Vi svarer innen 24 timer, og med en gang ved akutte skader.',
  },
  {
    icon: FileSignature,
    title: site.claims.binding_price ? 'Befaring og fast pris' : 'Befaring og pris',
    text: `Vi ser på jobben${site.claims.free_visit ? ', gratis og uforpliktende' : ''}, og du får ${
      site.claims.binding_price ? 'en bindende pris' : 'et tilbud'
    } før vi starter.`,
  },
  {
    icon: CalendarCheck,
    title: site.claims.warranty_years ? 'Utført med garanti' : 'Utført og dokumentert',
    text: `Vi gjør jobben til avtalt tid og rydder etter oss${warranty(site) ? `, og du får ${warranty(site)}` : ''}.`,
  },
]

export function HomePage() {
  const site = useSite()
  const { promise: promises, figure: allFigures, team: people, review } = site.content
  const figures = allFigures.filter((item) => item.group === 'home')
  const team = people.filter((member) => member.pages.includes('home'))
  const testimonials = review.filter((item) => item.pages.includes('home'))
  return (
    <>
      <section className="relative overflow-hidden bg-brand text-white">
        {/* Two columns only with figures to show; without them the text has the hero alone. */}
        <Container className={cn('grid gap-12 py-16 sm:py-24', figures.length > 0 && 'lg:grid-cols-[1.2fr_1fr] lg:items-center')}>
          <div>
            <Badge variant="onBrand">
              <ShieldCheck className="size-4" aria-hidden="true" />
              Autoriserte fagfolk{since(site)}
            </Badge>
            <h1 className="mt-5 text-4xl font-extrabold sm:text-5xl lg:text-6xl">
              Elektriker og rørlegger i Oslo – når du trenger det
            </h1>
            <p className="mt-6 max-w-xl text-lg text-white/85 sm:text-xl">
              {sentence([
                site.claims.on_call && 'døgnvakt hele året',
                site.claims.binding_price && 'bindende pris før oppstart',
                Boolean(site.claims.warranty_years) && 'garanti på arbeidet',
              ])}{' '}
              Fra en jordfeil i natt til drømmebadet neste vår.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="accent" size="lg">
                <a href={site.phone_uri}>
                  <Phone aria-hidden="true" />
                  Ring {site.phone}
                </a>
              </Button>
              <Button asChild variant="onBrand" size="lg">
                <a href="#kontakt">{site.claims.free_visit ? 'Få gratis befaring' : 'Be om befaring'}</a>
              </Button>
            </div>
            {promises.length > 0 && (
              <ul className="mt-8 flex flex-wrap gap-2" aria-label="Dette lover vi">
                {promises.map((promise) => (
                  <li key={promise.id}>
                    <Badge variant="onBrand">{promise.text}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {figures.length > 0 && (
            // Two to a row; one alone, or the last of an odd number, takes the whole row.
            <dl className="flex flex-wrap gap-4">
              {figures.map((figure) => (
                <div
                  key={figure.id}
                  className="flex min-w-[9rem] grow basis-[calc(50%-0.5rem)] flex-col rounded-2xl bg-white/[0.07] p-6 ring-1 ring-white/15"
                >
                  <dt className="text-sm text-white/80">{figure.label}</dt>
                  <dd className="order-first text-3xl font-extrabold text-accent sm:text-4xl">{figure.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </Container>
      </section>

      <Section
        id="fagomrader"
        eyebrow="Våre fagområder"
        title="Tre fag, ett firma"
        lead="Elektriker, rørlegger og kjøkken og bad fra samme sted. Du får én kontaktperson og én pris."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {specialties(site).map((item) => (
            <li key={item.title}>
              <Card className="flex h-full flex-col p-7">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                  <item.icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{item.title}</h3>
                <p className="mt-2 text-muted-foreground">{item.text}</p>
                <ul className="mt-4 flex-1 space-y-1.5">
                  {item.points.map((point) => (
                    <li key={point} className="flex items-center gap-2">
                      <Wrench className="size-4 text-accent-strong dark:text-accent" aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
                <a
                  href={item.to}
                  className="mt-6 inline-flex items-center gap-1.5 font-semibold text-accent-strong hover:underline dark:text-accent"
                >
                  Les mer om {item.title.toLowerCase()}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </a>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="slik-jobber-vi" tone="muted" eyebrow="Slik jobber vi" title="Fra telefon til ferdig jobb i tre steg">
        <ol className="grid gap-6 md:grid-cols-3">
          {steps(site).map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-border bg-card p-7">
              <span className="text-5xl font-extrabold text-accent-strong/25 dark:text-accent/30" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-2 flex items-center gap-2 text-xl font-semibold">
                <step.icon className="size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
                <span>
                  <span className="sr-only">Steg {index + 1}: </span>
                  {step.title}
                </span>
              </h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="tjenester"
        eyebrow="Tjenester og priser"
        title="Populære tjenester"
        lead={`Alle priser er veiledende fra-priser inkludert mva.${site.claims.binding_price ? ' Du får alltid en bindende pris før vi starter.' : ''}`}
      >
        <CategoryOverview />
        <div className="mt-8">
          <Button asChild variant="outline">
            <a href={paths.services}>
              Se alle tjenester
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </div>
      </Section>

      <Section
        id="om-oss"
        tone="muted"
        eyebrow="Om oss"
        title={experience(site) ? `Lokale fagfolk med ${experience(site)}` : 'Lokale fagfolk i Oslo'}
      >
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div className="space-y-4 text-lg text-muted-foreground">
            <p>
              {site.company_name} har {site.founded_year ? 'hatt ' : ''}autoriserte elektrikere og rørleggere i Oslo{since(site)}.
            </p>
            <p>
              Vi tar oppdrag i hele Oslo og Viken og reiser over hele landet for bedrifter og entreprenører. Alle
              jobber dokumenteres, og du får samsvarserklæring og våtromsdokumentasjon der det kreves.
            </p>
          </div>
          {team.length > 0 && (
            <ul className={cardGrid(team.length).list}>
              {team.map((member) => (
                <li key={member.id} className={cardGrid(team.length).item}>
                  <Card className="h-full p-6 text-center">
                    <TeamAvatar member={member} className="mx-auto" />
                    <h3 className="mt-4 font-semibold">{member.name}</h3>
                    <p className="text-sm font-medium text-accent-strong dark:text-accent">{member.title}</p>
                    <p className="mt-2 text-sm text-muted-foreground">{member.description}</p>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>

      {testimonials.length > 0 && (
        <Section id="omtaler" eyebrow="Kundene sier" title="Dette sier kundene om jobben vi gjorde">
          <ul className={cardGrid(testimonials.length).list}>
            {testimonials.map((testimonial) => (
              <li key={testimonial.id} className={cardGrid(testimonials.length).item}>
                <Card className="flex h-full flex-col p-7">
                  <p className="flex gap-0.5 text-accent-strong dark:text-accent">
                    {Array.from({ length: testimonial.rating }, (_, i) => (
                      <Star key={i} className="size-5 fill-current" aria-hidden="true" />
                    ))}
                    <span className="sr-only">{testimonial.rating} av 5 stjerner</span>
                  </p>
                  <blockquote className="mt-4 flex-1 text-foreground">«{testimonial.text}»</blockquote>
                  <p className="mt-5 border-t border-border pt-4 text-sm">
                    <span className="font-semibold">{testimonial.name}</span>
                    <span className="text-muted-foreground">
                      {' '}
                      · {testimonial.place} · {testimonial.service}
                    </span>
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section
        id="kontakt"
        tone="muted"
        eyebrow="Kontakt oss"
        title="Fortell oss hva du trenger"
        lead={`Send en forespørsel, så ringer vi deg tilbake innen 24 timer.${site.claims.on_call ? ' Haster det, ring oss døgnet rundt.' : ''}`}
      >
        <div className="grid gap-8 lg:grid-cols-[1.6fr_1fr]">
          <Card className="p-6 sm:p-8">
            <ContactForm />
          </Card>
          <Card className="h-fit p-6 sm:p-8">
            <h3 className="text-xl font-semibold">Haster det?</h3>
            <p className="mt-2 text-muted-foreground">
              {site.claims.on_call
                ? `Ved vannlekkasje eller strømbrudd: ring døgnvakten${site.claims.leak_within_hour ? ', så er vi normalt hos deg innen en time' : ''}.`
                : 'Ved vannlekkasje eller strømbrudd: ring oss, så sier vi hvor fort vi kan komme.'}
            </p>
            <Button asChild variant="accent" size="lg" className="mt-5 w-full">
              <a href={site.phone_uri}>
                <Phone aria-hidden="true" />
                Ring {site.phone}
              </a>
            </Button>
            <p className="mt-5 text-sm text-muted-foreground">{site.adresse}</p>
          </Card>
        </div>
      </Section>
    </>
  )
}
