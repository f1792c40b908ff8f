import { Check, type LucideIcon, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { paths } from '@/lib/paths'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Container } from '@/components/ui/section'
import { useSite } from '@/lib/site'

/** The closing call to action of a page: call now or send an enquiry. */
export function CtaBand({ title, text }: { title: ReactNode; text: ReactNode }) {
  const site = useSite()
  return (
    <section className="bg-brand py-16 text-white" aria-labelledby="cta-tittel">
      <Container className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-tittel" className="text-3xl font-bold">
            {title}
          </h2>
          <p className="mt-3 text-lg text-white/85">{text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="accent" size="lg">
            <a href={site.phone_uri}>
              <Phone aria-hidden="true" />
              Ring {site.phone}
            </a>
          </Button>
          <Button asChild variant="onBrand" size="lg">
            <a href={paths.contact}>Send forespørsel</a>
          </Button>
        </div>
      </Container>
    </section>
  )
}

/** The firm's phone number as the page's main action. */
export function CallButton({ className }: { className?: string }) {
  const site = useSite()
  return (
    <Button asChild variant="accent" size="lg" className={className}>
      <a href={site.phone_uri}>
        <Phone aria-hidden="true" />
        Ring {site.phone}
      </a>
    </Button>
  )
}

/** A hero's two actions: call now, or go to the contact page. */
export function HeroActions({ label = 'Send forespørsel' }: { label?: string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <CallButton />
      <Button asChild variant="onBrand" size="lg">
        <a href={paths.contact}>{label}</a>
      </Button>
    </div>
  )
}

/** Short promises under a hero's actions, each with a check mark. */
export function HeroBadges({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null
  return (
    <ul className="mt-8 flex flex-wrap gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Badge variant="onBrand">
            <Check className="size-4" aria-hidden="true" />
            {item}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/** A group of services with an icon and a checklist; `children` closes the card. */
export function ServiceGroupCard({
  icon,
  title,
  text,
  services,
  children,
}: {
  icon: LucideIcon
  title: string
  text: string
  services: readonly string[]
  children?: ReactNode
}) {
  return (
    <Card className="flex h-full flex-col p-6">
      <IconCircle icon={icon} />
      <h3 className="mt-5 text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-base text-muted-foreground">{text}</p>
      <ul className="mt-5 space-y-3">
        {services.map((service) => (
          <li key={service} className="flex gap-3 text-base">
            <Check className="mt-1 size-4 shrink-0 text-accent-strong dark:text-accent" aria-hidden="true" />
            <span>{service}</span>
          </li>
        ))}
      </ul>
      {children}
    </Card>
  )
}

export type IconItem = { icon: LucideIcon; title: string; text: string }

/**
 * A grid of cards, each an icon with a title and a text: `stacked` puts the icon above
 * (four to a row), `inline` beside the text (three to a row).
 */
export function IconCards({ items, layout }: { items: readonly IconItem[]; layout: 'stacked' | 'inline' }) {
  const stacked = layout === 'stacked'
  return (
    <ul className={stacked ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3'}>
      {items.map((item) => (
        <li key={item.title}>
          {stacked ? (
            <Card className="h-full p-6">
              <IconCircle icon={item.icon} />
              <h3 className="mt-5 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-base text-muted-foreground">{item.text}</p>
            </Card>
          ) : (
            <Card className="flex h-full gap-4 p-6">
              <IconCircle icon={item.icon} />
              <div>
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-1 text-base text-muted-foreground">{item.text}</p>
              </div>
            </Card>
          )}
        </li>
      ))}
    </ul>
  )
}

/** An icon in a tinted circle, for cards. */
export function IconCircle({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent-strong dark:text-accent">
      <Icon className="size-6" aria-hidden="true" />
    </span>
  )
}

/** The hero band at the top of a page. */
export function Hero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string
  title: ReactNode
  lead: ReactNode
  children?: ReactNode
}) {
  return (
    <section className="relative overflow-hidden bg-brand text-white">
      <HeroPattern />
      <Container className="relative py-16 sm:py-24">
        {eyebrow && <p className="mb-3 font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>}
        <h1 className="max-w-3xl text-4xl font-extrabold sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-white/85 sm:text-xl">{lead}</p>
        {children && <div className="mt-8">{children}</div>}
      </Container>
    </section>
  )
}

/** A quiet line drawing behind the hero text: a house outline and wiring. */
function HeroPattern() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 600 400"
      className="pointer-events-none absolute -right-24 -bottom-10 hidden h-[28rem] text-white/[0.07] md:block"
      fill="none"
      stroke="currentColor"
      strokeWidth="6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M80 380V190L300 40l220 150v190" />
      <path d="M220 380V270h160v110" />
      <path d="M120 150h-60M540 150h-40M300 40V0" />
      <circle cx="300" cy="170" r="34" />
      <path d="M300 136v-40M266 170h-60M334 170h60M180 270h-40v-80M420 270h40v-80" />
    </svg>
  )
}
