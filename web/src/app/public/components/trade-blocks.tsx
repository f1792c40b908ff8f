import { BadgeCheck, FileText, type LucideIcon, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { paths } from '@/lib/paths'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Container } from '@/components/ui/section'
import { useSite } from '@/lib/site'

/** "Get a quote" block of the trade pages. */
export function QuoteBlock({ title, text }: { title: string; text: string }) {
  const site = useSite()
  return (
    <section className="py-14" aria-labelledby="tilbud-tittel">
      <Container>
        <Card className="flex flex-col gap-6 p-8 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <FileText className="mt-1 size-8 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
            <div>
              <h2 id="tilbud-tittel" className="text-2xl font-bold">
                {title}
              </h2>
              <p className="mt-2 max-w-xl text-muted-foreground">{text}</p>
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="accent" size="lg">
              <a href={paths.contact}>Be om tilbud</a>
            </Button>
            <Button asChild variant="outline" size="lg">
              <a href={site.phone_uri}>
                <Phone aria-hidden="true" />
                {site.phone}
              </a>
            </Button>
          </div>
        </Card>
      </Container>
    </section>
  )
}

/** The binding-price promise, shown only while the firm makes it (Innstillinger). */
export function PriceGuarantee({ children }: { children?: ReactNode }) {
  const site = useSite()
  if (!site.claims.binding_price) return null
  return (
    <section className="pb-14" aria-labelledby="prisgaranti-tittel">
      <Container>
        <div className="flex gap-4 rounded-2xl border-2 border-accent/60 bg-accent/10 p-7">
          <BadgeCheck className="mt-0.5 size-8 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
          <div>
            <h2 id="prisgaranti-tittel" className="text-xl font-bold">
              Prisgaranti: bindende pris før oppstart
            </h2>
            <p className="mt-2 text-foreground/85">
              {children ??
                'Etter befaringen får du en fast pris som gjelder. Oppdager vi noe underveis som endrer jobben, avtaler vi det med deg før vi gjør noe – aldri overraskelser på fakturaen.'}
            </p>
          </div>
        </div>
      </Container>
    </section>
  )
}

export type Reason = { icon: LucideIcon; title: string; text: string }

/** A grid of reasons to choose the firm. */
export function Reasons({ reasons }: { reasons: readonly Reason[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {reasons.map((reason) => (
        <li key={reason.title} className="rounded-2xl border border-border bg-card p-6">
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent/15 text-accent-strong dark:text-accent">
            <reason.icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
          <p className="mt-1.5 text-muted-foreground">{reason.text}</p>
        </li>
      ))}
    </ul>
  )
}
