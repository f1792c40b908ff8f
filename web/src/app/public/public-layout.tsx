import { Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { metaFor, withCompany } from '@/app/page-meta'
import { Spinner } from '@/components/ui/spinner'
import { useSite } from '@/lib/site'
import { Footer, MobileCallBar } from './components/footer'
import { Header } from './components/header'

export function PublicLayout() {
  usePageHead()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#innhold"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Hopp til innholdet
      </a>
      <Header />
      <main id="innhold" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<Spinner label="Laster..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <MobileCallBar />
    </div>
  )
}

/**
 * The prerendered HTML carries each page's head; after a client-side navigation this
 * keeps title, description and canonical in step, and starts the new page at the top.
 */
function usePageHead() {
  const { pathname } = useLocation()
  const site = useSite()
  useEffect(() => {
    const meta = metaFor(pathname)
    if (!meta) return
    const title = withCompany(meta.title, site.company_name)
    document.title = title
    setAttribute('meta[name="description"]', 'content', meta.description)
    setAttribute('meta[property="og:title"]', 'content', title)
    setAttribute('meta[property="og:description"]', 'content', meta.description)
    const canonical = document.querySelector('link[rel="canonical"]')
    if (canonical) {
      const base = new URL(canonical.getAttribute('href') ?? '/', window.location.origin).origin
      canonical.setAttribute('href', `${base}${pathname === '/' ? '/' : pathname}`)
      setAttribute('meta[property="og:url"]', 'content', canonical.getAttribute('href') ?? '')
    }
  }, [pathname, site.company_name])

  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0)
  }, [pathname])
}

function setAttribute(selector: string, name: string, value: string) {
  document.querySelector(selector)?.setAttribute(name, value)
}
