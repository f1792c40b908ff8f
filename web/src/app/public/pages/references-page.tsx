import { CalendarCheck, Check, MapPin, Quote, Star } from 'lucide-react'
import { CtaBand, Hero } from '@/app/public/components/cta-band'
import { ProjectPhotos } from '@/app/public/components/project-photos'
import { InitialsAvatar, initialsOf } from '@/components/initials-avatar'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { cardGrid } from '@/lib/grid'
import { type Review, useSite, warranty } from '@/lib/site'

export function ReferencesPage() {
  const site = useSite()
  const { figure, project: projects, review } = site.content
  const referenceFigures = figure.filter((item) => item.group === 'references')
  const satisfaction = figure.filter((item) => item.group === 'satisfaction')
  const reviews = review.filter((item) => item.pages.includes('references'))
  return (
    <>
      <Hero
        eyebrow="Referanser"
        title="Prosjekter og kunder vi er stolte av"
        lead={`${site.founded_year ? `Siden ${site.founded_year} har vi` : 'Vi har'} hjulpet boligeiere, bedrifter og entreprenører i Oslo og Viken. Her er noen av prosjektene, og hva kundene sier om jobben vi har gjort.`}
      >
        {referenceFigures.length > 0 && (
          <dl className="flex flex-wrap gap-4">
            {referenceFigures.map((figure) => (
              <div
                key={figure.id}
                className="flex min-w-[9rem] grow basis-[calc(50%-0.5rem)] flex-col-reverse rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 lg:basis-[calc(25%-0.75rem)]"
              >
                <dt className="mt-1 text-base text-white/85">{figure.label}</dt>
                <dd className="text-3xl font-bold sm:text-4xl">{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Hero>

      {projects.length > 0 && (
        <Section
          id="prosjekter"
          eyebrow="Utvalgte prosjekter"
          title="Prosjekter som viser bredden"
          lead="Fra et bad i en bygård til et helt boligprosjekt: vi planlegger grundig, holder avtalt tid og leverer dokumentasjonen i orden."
        >
          <ul className={cardGrid(projects.length).list}>
            {projects.map((project) => (
              <li key={project.id} className={cardGrid(projects.length).item}>
                <Card className="flex h-full flex-col overflow-hidden">
                  <ProjectPhotos project={project} />
                  <article aria-labelledby={`prosjekt-${project.id}`} className="flex h-full flex-col p-6">
                    <div>
                      <Badge variant="accent">{project.type}</Badge>
                    </div>
                    <h3 id={`prosjekt-${project.id}`} className="mt-4 text-xl font-semibold">
                      {project.title}
                    </h3>
                    <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-base text-muted-foreground">
                      <li className="inline-flex items-center gap-1.5">
                        <MapPin className="size-4" aria-hidden="true" />
                        <span className="sr-only">Sted: </span>
                        {project.place}
                      </li>
                      <li className="inline-flex items-center gap-1.5">
                        <CalendarCheck className="size-4" aria-hidden="true" />
                        <span className="sr-only">År: </span>
                        {project.year}
                      </li>
                    </ul>
                    <p className="mt-4 text-base leading-relaxed">{project.description}</p>
                    <div className="mt-6 rounded-xl bg-muted/60 p-5">
                      <p className="font-semibold">Høydepunkter</p>
                      <ul className="mt-3 space-y-2">
                        {project.highlights.map((highlight) => (
                          <li key={highlight} className="flex gap-3 text-base">
                            <Check
                              className="mt-1 size-4 shrink-0 text-accent-strong dark:text-accent"
                              aria-hidden="true"
                            />
                            <span>{highlight}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  </article>
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {satisfaction.length > 0 && (
        <Section
          id="tilfredshet"
          tone="muted"
          eyebrow="Kundetilfredshet"
          title="Slik vurderer kundene oss"
          lead="Etter hvert oppdrag spør vi kundene hvordan de opplevde jobben. Slik svarer de."
        >
          <dl className="flex flex-wrap gap-6">
            {satisfaction.map((item) => (
              <Card
                key={item.id}
                className="flex min-w-[12rem] grow basis-full flex-col-reverse p-6 text-center sm:basis-[calc(50%-0.75rem)] lg:basis-[calc(25%-1.125rem)]"
              >
                <dt className="mt-2 text-base text-muted-foreground">{item.label}</dt>
                <dd className="text-4xl font-bold text-accent-strong dark:text-accent">{item.value}</dd>
              </Card>
            ))}
          </dl>
        </Section>
      )}

      {reviews.length > 0 && (
        <Section
          id="omtaler"
          eyebrow="Omtaler"
          title="Hva kundene sier"
          lead="Noen av tilbakemeldingene vi har fått fra private kunder, borettslag og bedrifter."
        >
          <Reviews items={reviews} />
        </Section>
      )}

      <CtaBand
        title="Bli vår neste fornøyde kunde"
        text={`Fortell oss om prosjektet ditt.${site.claims.binding_price ? ' Du får en bindende pris før vi starter.' : ''}${warranty(site) ? ` Du får ${warranty(site)} på arbeidet.` : ''}`}
      />
    </>
  )
}

/** Written customer reviews: a quote, the customer and place, and the rating as stars. */
function Reviews({ items }: { items: Review[] }) {
  return (
    <ul className={cardGrid(items.length).list}>
      {items.map((review) => (
        <li key={review.id} className={cardGrid(items.length).item}>
          <Card className="h-full p-6">
            <figure className="flex h-full flex-col">
              <Stars rating={review.rating} />
              <blockquote className="mt-4 flex-1 text-base leading-relaxed">
                <Quote className="mb-2 size-5 text-accent-strong dark:text-accent" aria-hidden="true" />
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-border pt-4">
                <InitialsAvatar initials={initialsOf(review.name)} className="size-11 text-base" />
                <span>
                  <span className="block font-semibold">{review.name}</span>
                  <span className="block text-base text-muted-foreground">
                    {review.place} · {review.service}
                  </span>
                </span>
              </figcaption>
            </figure>
          </Card>
        </li>
      ))}
    </ul>
  )
}

const STAR_COUNT = 5

function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(STAR_COUNT, Math.round(rating)))
  return (
    <div className="flex items-center gap-0.5">
      <span className="sr-only">{`${filled} av ${STAR_COUNT} stjerner`}</span>
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <Star
          key={index}
          className={
            index < filled ? 'size-5 fill-accent text-accent' : 'size-5 fill-transparent text-muted-foreground/50'
          }
          aria-hidden="true"
        />
      ))}
    </div>
  )
}
