import { Mail, MapPin, Phone } from 'lucide-react'
import { paths } from '@/lib/paths'
import { Container } from '@/components/ui/section'
import { since, useSite } from '@/lib/site'
import { PlatformNames } from './platform-names'
import { navigation } from './header'

const serviceLinks = [
  { to: paths.electrician, label: 'Elektriker' },
  { to: paths.plumber, label: 'Rørlegger' },
  { to: paths.kitchenBath, label: 'Kjøkken & bad' },
  { to: paths.contractPartners, label: 'Kontraktpartnere' },
] as const

const legalLinks = [
  { to: paths.privacy, label: 'Personvern' },
  { to: paths.terms, label: 'Vilkår' },
  { to: paths.cookies, label: 'Cookies' },
] as const

export function Footer() {
  const site = useSite()
  return (
    <footer className="bg-brand pb-24 text-white/85 lg:pb-0">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.company_name}</p>
          <p className="mt-1 text-sm">Org.nr. {site.orgnr}</p>
          <p className="mt-4 text-sm leading-relaxed">
            Autoriserte elektrikere og rørleggere i Oslo og Viken{since(site)}. Vi tar også oppdrag i resten av
            landet.
          </p>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Kontakt</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={site.phone_uri} className="inline-flex items-center gap-2 hover:text-white hover:underline">
                <Phone className="size-4" aria-hidden="true" />
                {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 hover:text-white hover:underline">
                <Mail className="size-4" aria-hidden="true" />
                {site.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{site.adresse}</span>
            </li>
          </ul>
        </div>
        <nav aria-label="Sider">
          <h2 className="text-base font-semibold text-white">Sider</h2>
          <FooterLinks links={navigation} />
        </nav>
        <nav aria-label="Tjenester i bunnteksten">
          <h2 className="text-base font-semibold text-white">Tjenester</h2>
          <FooterLinks links={serviceLinks} />
          {site.content.platform.length > 0 && (
            <p className="mt-5 text-sm">
              Finn oss også på <PlatformNames platforms={site.content.platform} />.
            </p>
          )}
        </nav>
      </Container>
      <div className="border-t border-white/15">
        <Container className="flex flex-col gap-3 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {site.year} {site.company_name}. Alle priser inkl. mva der ikke annet er oppgitt.
          </p>
          <nav aria-label="Juridisk">
            <ul className="flex gap-5">
              {legalLinks.map((item) => (
                <li key={item.to}>
                  <a href={item.to} className="hover:text-white hover:underline">
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </div>
    </footer>
  )
}

function FooterLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="mt-3 space-y-2 text-sm">
      {links.map((item) => (
        <li key={item.to}>
          <a href={item.to} className="hover:text-white hover:underline">
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** On phones: a slim bar at the bottom, so calling is always one tap away. */
export function MobileCallBar() {
  const site = useSite()
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 p-2 backdrop-blur lg:hidden">
      <div className="mx-auto grid max-w-md grid-cols-2 gap-2">
        <a
          href={site.phone_uri}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-accent font-semibold text-accent-foreground"
        >
          <Phone className="size-4" aria-hidden="true" />
          Ring {site.phone}
        </a>
        <a
          href={paths.contact}
          className="inline-flex h-12 items-center justify-center rounded-lg border border-border bg-card font-semibold"
        >
          Send forespørsel
        </a>
      </div>
    </div>
  )
}
