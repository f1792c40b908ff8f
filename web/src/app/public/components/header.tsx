import { Clock, Menu, MapPin, Phone, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { LogoMark } from '@/components/logo'
import { paths } from '@/lib/paths'
import { usePathname } from '@/app/public/pathname'
import { ThemeToggle } from '@/components/theme-toggle'
import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/section'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'

export const navigation = [
  { to: paths.home, label: 'Hjem' },
  { to: paths.services, label: 'Tjenester' },
  { to: paths.privateCustomers, label: 'Private kunder' },
  { to: paths.businessCustomers, label: 'Bedriftskunder' },
  { to: paths.references, label: 'Referanser' },
  { to: paths.contact, label: 'Kontakt' },
] as const

/** Highlighted by path prefix; the home page only on an exact match. */
export function isActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/'
  return pathname === to || pathname.startsWith(`${to}/`)
}

/** The mark and the firm's name. A long name (up to 40 characters) takes two lines
 * inside the bar and, longer still, ends in "…" with the whole name as its title; it
 * never pushes the menu out of the bar. */
export function Logo({ className }: { className?: string }) {
  const site = useSite()
  return (
    <a href={paths.home} className={cn('flex min-w-0 items-center gap-2.5 font-bold', className)} title={site.company_name}>
      <LogoMark logo={site.logo} name={site.company_name} />
      <span className="line-clamp-2 text-base leading-tight [overflow-wrap:anywhere] sm:text-lg sm:leading-tight" data-company-name>
        {site.company_name}
      </span>
    </a>
  )
}

export function Header() {
  const site = useSite()
  const pathname = usePathname()
  const [open, setOpen] = useState(false)
  const menuId = useId()

  // A tapped link closes the menu (a link to the page in view loads nothing); so does Escape.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="bg-brand text-sm text-white">
        <Container className="flex h-9 max-w-7xl items-center justify-between gap-4">
          <a href={site.phone_uri} className="flex items-center gap-1.5 font-semibold hover:underline">
            <Phone className="size-3.5" aria-hidden="true" />
            <span>{site.phone}</span>
          </a>
          <p className="hidden items-center gap-1.5 sm:flex">
            <MapPin className="size-3.5" aria-hidden="true" />
            <span>{site.adresse}</span>
          </p>
          {site.claims.on_call && (
            <p className="flex items-center gap-1.5">
              <Clock className="size-3.5" aria-hidden="true" />
              <span>Døgnvakt 24/7</span>
            </p>
          )}
        </Container>
      </div>
      {/* The menu shows in the bar from 1280 px, where it fits beside a long name; below
          that it is behind the menu button. */}
      <Container className="flex h-16 max-w-7xl items-center justify-between gap-3" data-header-bar>
        <Logo />
        <nav aria-label="Hovedmeny" className="hidden shrink-0 xl:block">
          <ul className="flex items-center gap-0.5">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavItem to={item.to} label={item.label} active={isActive(item.to, pathname)} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <a href={paths.admin.login}>Logg inn</a>
          </Button>
          <Button asChild variant="accent" size="sm" className="hidden sm:inline-flex">
            <a href={paths.contact}>
              <Phone aria-hidden="true" />
              Ring oss nå
            </a>
          </Button>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-muted xl:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
            <span className="sr-only">{open ? 'Lukk meny' : 'Åpne meny'}</span>
          </button>
        </div>
      </Container>
      <div id={menuId} hidden={!open} className="border-t border-border bg-background xl:hidden">
        <Container className="py-3">
          <nav aria-label="Mobilmeny">
            <ul className="flex flex-col">
              {navigation.map((item) => (
                <li key={item.to}>
                  <NavItem
                    to={item.to}
                    label={item.label}
                    active={isActive(item.to, pathname)}
                    onNavigate={() => setOpen(false)}
                    className="block py-3 text-base"
                  />
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 grid grid-cols-2 gap-2 border-t border-border pt-4">
            <Button asChild variant="outline">
              <a href={paths.admin.login}>Logg inn</a>
            </Button>
            <Button asChild variant="accent">
              <a href={paths.contact} onClick={() => setOpen(false)}>
                Ring oss nå
              </a>
            </Button>
          </div>
        </Container>
      </div>
    </header>
  )
}

function NavItem({
  to,
  label,
  active,
  onNavigate,
  className,
}: {
  to: string
  label: string
  active: boolean
  onNavigate?: () => void
  className?: string
}) {
  return (
    <a
      href={to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'rounded-md px-3 py-2 text-[0.95rem] font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
        active && 'bg-muted font-semibold text-foreground',
        className,
      )}
    >
      {label}
    </a>
  )
}
