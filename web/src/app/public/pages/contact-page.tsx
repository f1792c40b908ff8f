import { cardGrid } from '@/lib/grid'
import { Building2, Globe, Mail, MapPin, Phone } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Section } from '@/components/ui/section'
import { ContactForm } from '@/features/contact/components/contact-form'
import { useSite } from '@/lib/site'
import { PlatformNames } from '../components/platform-names'
import { TeamAvatar, TeamContactLinks } from '../components/team'
import { Hero } from '../components/cta-band'

export function ContactPage() {
  const site = useSite()
  const team = site.content.team.filter((member) => member.pages.includes('contact'))
  const platforms = site.content.platform
  const methods = [
    {
      icon: Phone,
      title: 'Telefon',
      body: (
        <a href={site.phone_uri} className="font-semibold text-accent-strong hover:underline dark:text-accent">
          {site.phone}
        </a>
      ),
      note: site.claims.on_call ? 'Døgnvakt 24/7 ved akutte skader' : 'Ring oss i arbeidstiden',
    },
    {
      icon: Mail,
      title: 'E-post',
      body: (
        <a href={`mailto:${site.email}`} className="font-semibold break-all text-accent-strong hover:underline dark:text-accent">
          {site.email}
        </a>
      ),
      note: 'Svar innen 24 timer',
    },
    {
      icon: Building2,
      title: 'Hovedkontor',
      body: <span className="font-semibold">{site.adresse}</span>,
      note: 'Besøk etter avtale',
    },
    ...(platforms.length > 0
      ? [
          {
            icon: Globe,
            title: 'Plattformer',
            body: <PlatformNames platforms={platforms} className="font-semibold" />,
            note: 'Les omtalene og firmaprofilen vår der.',
          },
        ]
      : []),
  ]

  return (
    <>
      <Hero
        eyebrow="Kontakt"
        title="Kontakt oss"
        lead={`Ring oss${site.claims.on_call ? ' døgnet rundt' : ''}, send en e-post eller fyll ut skjemaet. Vi svarer innen 24 timer – og med en gang når det haster.`}
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="accent" size="lg">
            <a href={site.phone_uri}>
              <Phone aria-hidden="true" />
              Ring {site.phone}
            </a>
          </Button>
          <Button asChild variant="onBrand" size="lg">
            <a href={`mailto:${site.email}`}>
              <Mail aria-hidden="true" />
              {site.email}
            </a>
          </Button>
        </div>
      </Hero>

      <Section id="kontaktmater" title="Slik når du oss">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {methods.map((method) => (
            <li key={method.title}>
              <Card className="h-full p-6">
                <method.icon className="size-7 text-accent-strong dark:text-accent" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-muted-foreground">{method.title}</h3>
                <p className="mt-1">{method.body}</p>
                <p className="mt-2 text-sm text-muted-foreground">{method.note}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="skjema"
        tone="muted"
        title="Send oss en forespørsel"
        lead={`Beskriv jobben kort, så ringer vi deg tilbake og avtaler ${site.claims.free_visit ? 'gratis ' : ''}befaring.`}
      >
        <Card className="max-w-3xl p-6 sm:p-8">
          <ContactForm />
        </Card>
      </Section>

      {team.length > 0 && (
        <Section id="team" title="Dette er oss" lead="Du får én fast kontaktperson gjennom hele jobben.">
          <ul className={cardGrid(team.length).list}>
            {team.map((member) => (
              <li key={member.id} className={cardGrid(team.length).item}>
                <Card className="flex h-full flex-col p-6">
                  <div className="flex items-center gap-4">
                    <TeamAvatar member={member} />
                    <div>
                      <h3 className="font-semibold">{member.name}</h3>
                      <p className="text-sm font-medium text-accent-strong dark:text-accent">{member.title}</p>
                    </div>
                  </div>
                  <p className="mt-4 flex-1 text-muted-foreground">{member.description}</p>
                  <TeamContactLinks member={member} className="mt-4 space-y-1.5 border-t border-border pt-4 text-sm" />
                </Card>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center gap-2 text-muted-foreground">
            <MapPin className="size-5" aria-hidden="true" />
            {site.company_name} · {site.adresse} · Org.nr. {site.orgnr}
          </p>
        </Section>
      )}
    </>
  )
}
