import {
  ChevronRight,
  ExternalLink,
  FileText,
  FolderTree,
  Image,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Users,
  FileSignature,
  CalendarDays,
  CalendarRange,
  Clock,
  Hammer,
  Receipt,
  Timer,
} from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useLayoutEffect, useState } from 'react'
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { LogoMark } from '@/components/logo'
import { paths } from '@/lib/paths'
import { ThemeToggle } from '@/components/theme-toggle'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useAuth } from '@/features/auth/components/auth-provider'
import { CommandSearch } from '@/features/search/components/command-search'
import { dashboardQuery } from '@/features/dashboard/api/dashboard'
import { sendWaiting, unsent } from '@/features/jobs/outbox'
import { isLanguage, LanguageProvider, useI18n } from '@/lib/i18n'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import { useAdminPageTitle } from './use-admin-title'

export const adminNavigation = [
  { to: paths.admin.root, label: 'Oversikt', icon: LayoutDashboard },
  { to: paths.admin.leads, label: 'Henvendelser', icon: Inbox },
  { to: paths.admin.visits, label: 'Befaringer', icon: CalendarDays },
  { to: paths.admin.quotes, label: 'Tilbud', icon: FileSignature },
  { to: paths.admin.jobs, label: 'Oppdrag', icon: Hammer },
  { to: paths.admin.planning, label: 'Planlegging', icon: CalendarRange },
  { to: paths.admin.hours, label: 'Månedens timer', icon: Timer },
  { to: paths.admin.invoices, label: 'Fakturaer', icon: Receipt },
  { to: paths.admin.work, label: 'Mine oppdrag', icon: Clock },
  { to: paths.admin.categories, label: 'Kategorier', icon: FolderTree },
  { to: paths.admin.content, label: 'Innhold', icon: FileText },
  { to: paths.admin.media, label: 'Media', icon: Image },
  { to: paths.admin.users, label: 'Brukere', icon: Users },
  { to: paths.admin.settings, label: 'Innstillinger', icon: Settings },
  { to: paths.admin.logs, label: 'Logg/Audit', icon: ScrollText },
  { to: paths.admin.privacy, label: 'Personvern', icon: ShieldCheck },
] as const

// The sidebar's state lives in a cookie for 7 days, so it survives reloads.
const SIDEBAR_COOKIE = 'sidebar_state'

function readSidebarCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`))
  return match ? match.split('=')[1] !== 'false' : true
}

function writeSidebarCookie(expanded: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/admin; max-age=${7 * 24 * 60 * 60}; SameSite=Strict`
}

/** The admin in the language of its user's own screens where those are shown: a montør's
 * every screen, anyone's "Mine oppdrag" (src/lib/i18n); the office's screens in Norwegian. */
export function AdminShell() {
  const { pathname } = useLocation()
  const user = useAuth().user
  const own = user?.role === 'montor' || pathname === paths.admin.work
  const language = own && isLanguage(user?.language) ? user.language : 'nb'
  return (
    <LanguageProvider language={language}>
      <Shell />
    </LanguageProvider>
  )
}

function Shell() {
  const { t } = useI18n()
  const [expanded, setExpanded] = useState(readSidebarCookie)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [searchOpen, setSearchOpen] = useState(false)
  const { pathname } = useLocation()
  const montor = useAuth().user?.role === 'montor'

  const toggleSidebar = useCallback(() => {
    setExpanded((value) => {
      writeSidebarCookie(!value)
      return !value
    })
  }, [])

  // Ctrl/Cmd+B toggles the sidebar (the drawer under 768 px); Ctrl/Cmd+K the search.
  // Listened for before the shell is first painted (a layout effect), so a shortcut
  // pressed the moment the page shows is never lost (CI once pressed Ctrl+K in between).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return
      const key = event.key.toLowerCase()
      if (key === 'b') {
        event.preventDefault()
        if (window.matchMedia('(max-width: 767px)').matches) setDrawerOpen((open) => !open)
        else toggleSidebar()
      } else if (key === 'k') {
        event.preventDefault()
        setSearchOpen((open) => !open)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [toggleSidebar])

  // Following a link closes the drawer: adjusted while rendering, not in an effect.
  const [drawerPath, setDrawerPath] = useState(pathname)
  if (drawerPath !== pathname) {
    setDrawerPath(pathname)
    setDrawerOpen(false)
  }

  return (
    <div className="flex min-h-screen bg-muted/40">
      <aside
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-screen shrink-0 flex-col border-r border-border bg-card transition-[width] md:flex',
          expanded ? 'w-64' : 'w-14',
        )}
      >
        <SidebarNav compact={!expanded} />
        <button
          type="button"
          onClick={toggleSidebar}
          className="m-2 flex items-center gap-3 rounded-lg p-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={expanded ? t('shell.hideSidebar') : t('shell.showSidebar')}
          aria-expanded={expanded}
          title="Ctrl/Cmd + B"
        >
          {expanded ? <PanelLeftClose className="size-5" aria-hidden="true" /> : <PanelLeftOpen className="size-5" aria-hidden="true" />}
          {expanded && <span>{t('shell.hideMenu')}</span>}
        </button>
      </aside>
      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen} title={t('shell.menu')} variant="side">
        <SidebarNav compact={false} />
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar onMenu={() => setDrawerOpen(true)} onSearch={() => setSearchOpen(true)} />
        <main id="innhold" className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-6 lg:p-8">
          <Breadcrumb />
          <Outlet />
        </main>
      </div>
      <CommandSearch open={searchOpen} onOpenChange={setSearchOpen} pages={montor ? [] : adminNavigation} />
    </div>
  )
}

function SidebarNav({ compact }: { compact: boolean }) {
  // New enquiries nobody has taken yet, looked for once a minute: the menu marks them.
  // A montør has only their own jobs and hours: one link, and no figures to ask for.
  const montor = useAuth().user?.role === 'montor'
  const { t } = useI18n()
  const waiting = useQuery({ ...dashboardQuery, refetchInterval: 60_000, enabled: !montor }).data?.waiting ?? 0
  const items = (montor ? adminNavigation.filter((item) => item.to === paths.admin.work) : adminNavigation).map((item) =>
    item.to === paths.admin.work ? { ...item, label: t('shell.myJobs') } : item,
  )
  return (
    <nav aria-label="Administrasjon" className="flex-1 overflow-y-auto p-2">
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === paths.admin.root}
              title={compact ? item.label : undefined}
              aria-label={compact ? item.label : undefined}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-2.5 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                  isActive && 'bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground',
                )
              }
            >
              <span className="relative">
                <item.icon className="size-5 shrink-0" aria-hidden="true" />
                {compact && item.to === paths.admin.leads && waiting > 0 && (
                  <span className="absolute -top-1 -right-1 size-2.5 rounded-full bg-accent" aria-hidden="true" />
                )}
              </span>
              {!compact && <span>{item.label}</span>}
              {item.to === paths.admin.leads && waiting > 0 && (
                <>
                  {!compact && (
                    <span className="ml-auto rounded-full bg-accent px-2 text-xs leading-5 font-bold text-accent-foreground" aria-hidden="true" data-waiting>
                      {waiting}
                    </span>
                  )}
                  <span className="sr-only"> ({waiting} nye)</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function TopBar({ onMenu, onSearch }: { onMenu: () => void; onSearch: () => void }) {
  const site = useSite()
  const { user, logout } = useAuth()
  const navigate = useNavigate()
  const { t } = useI18n()
  /** How many of one's entries are not sent, when "Logg ut" found some: the question is open. */
  const [left, setLeft] = useState(0)
  // What this device holds of the person goes with them (src/app/admin/admin-app.tsx);
  // their unsent entries stay, theirs alone (src/features/jobs/outbox.tsx).
  const signOut = async () => {
    setLeft(0)
    await logout()
    navigate(paths.admin.login, { replace: true })
  }
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur sm:px-5">
      <Button variant="ghost" size="icon" className="md:hidden" onClick={onMenu}>
        <Menu aria-hidden="true" />
        <span className="sr-only">{t('shell.openMenu')}</span>
      </Button>
      <Link to={paths.admin.root} className="flex items-center gap-2 font-bold" aria-label={site.company_name}>
        <LogoMark logo={site.logo} name={site.company_name} className={site.logo ? 'h-8' : 'size-8'} />
        <span className="hidden sm:inline">{site.company_name}</span>
      </Link>
      <a
        href={paths.home}
        className="ml-2 hidden items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline lg:inline-flex"
      >
        <ExternalLink className="size-4" aria-hidden="true" />
        {t('shell.site')}
      </a>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        {user?.role !== 'montor' && (
          <Button variant="outline" size="sm" onClick={onSearch} aria-keyshortcuts="Control+K Meta+K">
            <Search aria-hidden="true" />
            <span>Søk</span>
            <kbd className="hidden rounded border border-border px-1.5 text-xs text-muted-foreground sm:inline">Ctrl K</kbd>
          </Button>
        )}
        <ThemeToggle
          words={(current, next) => ({
            label: t('theme.label', { current: t(`theme.${current}`), next: t(`theme.${next}`).toLowerCase() }),
            title: t('theme.title', { current: t(`theme.${current}`) }),
          })}
        />
        <span className="hidden text-sm text-muted-foreground xl:inline">{user?.email}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={async () => {
            // Entries still on the phone are sent first when there is a network; those that
            // cannot be are said before signing out.
            if (user) {
              // A network that hangs keeps no one from signing out: what is not sent in a few
              // seconds is counted as left.
              await Promise.race([sendWaiting(user.id).catch(() => false), new Promise((resolve) => window.setTimeout(resolve, 8_000))])
              const count = await unsent(user.id).catch(() => 0)
              if (count > 0) return setLeft(count)
            }
            await signOut()
          }}
        >
          <LogOut aria-hidden="true" />
          <span>{t('shell.logOut')}</span>
        </Button>
      </div>
      <Dialog open={left > 0} onOpenChange={(open) => !open && setLeft(0)} title={t('shell.unsentTitle')} description={t('shell.unsentBody', { count: left })}>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" className="min-h-11" onClick={() => setLeft(0)} data-autofocus>
            {t('shell.stay')}
          </Button>
          <Button variant="destructive" className="min-h-11" onClick={() => void signOut()}>
            {t('shell.logOutAnyway')}
          </Button>
        </div>
      </Dialog>
    </header>
  )
}

const SEGMENT_LABELS: Record<string, string> = {
  admin: 'Admin',
  leads: 'Henvendelser',
  tilbud: 'Tilbud',
  befaringer: 'Befaringer',
  oppdrag: 'Oppdrag',
  fakturaer: 'Fakturaer',
  'mine-oppdrag': 'Mine oppdrag',
  planlegging: 'Planlegging',
  timer: 'Månedens timer',
  categories: 'Kategorier',
  services: 'Tjenester',
  category: 'Kategori',
  content: 'Innhold',
  media: 'Media',
  users: 'Brukere',
  settings: 'Innstillinger',
  logs: 'Logg/Audit',
  privacy: 'Personvern',
}

/** Built from the path's segments: Admin › Henvendelser. */
export function Breadcrumb() {
  const { pathname } = useLocation()
  const segments = pathname.split('/').filter(Boolean)
  const pageTitle = useAdminPageTitle()
  const { t } = useI18n()
  const labels: Record<string, string> = { ...SEGMENT_LABELS, admin: t('shell.admin'), 'mine-oppdrag': t('shell.myJobs') }
  return (
    <nav aria-label={t('shell.breadcrumbs')} className="mb-5 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {segments.map((segment, index) => {
          const to = `/${segments.slice(0, index + 1).join('/')}`
          const last = index === segments.length - 1
          // A step the table does not name (a category's slug) is named by its page.
          const label = labels[segment] ?? ((last && pageTitle) || decodeURIComponent(segment))
          const linkable = !last && segment !== 'category'
          return (
            <li key={to} className="flex items-center gap-1">
              {index > 0 && <ChevronRight className="size-4" aria-hidden="true" />}
              {!linkable ? (
                <span aria-current={last ? 'page' : undefined} className={cn(last && 'font-medium text-foreground')}>
                  {label}
                </span>
              ) : (
                <Link to={to} className="hover:text-foreground hover:underline">
                  {label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
