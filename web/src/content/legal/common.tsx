// What the legal texts of the public site (personvern in privacy.tsx, vilkår in terms.tsx,
// cookies in cookies.tsx) share: their shape, their links and lists, and the firm's contact
// details from settings. src/app/public/pages/legal-page.tsx lays them out.
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import type { Site } from '@/lib/site'

export type LegalSection = { id: string; title: string; content: ReactNode }
export type LegalText = { id: string; title: string; intro: ReactNode; sections: LegalSection[] }

export const linkClass = 'font-medium text-accent-strong underline underline-offset-4 hover:no-underline dark:text-accent'
export const listClass = 'list-disc space-y-2 pl-6 marker:text-muted-foreground'

/** The firm's contact details from settings, never hard-coded. */
export function ContactDetails({ site }: { site: Site }) {
  return (
    <Card className="p-6">
      <address className="space-y-1 text-base not-italic">
        <p className="font-semibold">{site.company_name}</p>
        <p>Org.nr. {site.orgnr}</p>
        <p>{site.adresse}</p>
        <p>
          E-post:{' '}
          <a href={`mailto:${site.email}`} className={linkClass}>
            {site.email}
          </a>
        </p>
        <p>
          Telefon:{' '}
          <a href={site.phone_uri} className={linkClass}>
            {site.phone}
          </a>
        </p>
      </address>
    </Card>
  )
}
