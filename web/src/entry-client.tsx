import './public.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, loadPage } from './app/app'
import { normalizePathname } from './app/public/pathname'
import { ToastProvider } from './components/toast'
import { cn } from './lib/utils'
import { enableCopyButtons } from './app/copy-buttons'
import { readSite, SiteProvider } from './lib/site'

// The public site: every page arrives rendered by the server and is hydrated here (with Preact in
// the build, see vite.config.ts). The page in view is loaded before hydrating (the HTML
// has already preloaded its chunk), so the first render matches the HTML.
const container = document.getElementById('root')
if (!container) throw new Error('#root mangler')

// A page the server alone renders (a customer's quote, src/app/quote/quote-page.tsx) has
// no component here to hydrate.
const serverOnly = container.firstElementChild?.hasAttribute('data-server-only') ?? false
const pathname = normalizePathname(window.location.pathname)
const Page = await loadPage(pathname)
const app = (
  <StrictMode>
    <SiteProvider value={readSite()}>
      <ToastProvider>
        <App pathname={pathname} Page={Page} />
      </ToastProvider>
    </SiteProvider>
  </StrictMode>
)

// The Vite dev server sends the page without its server-rendered HTML.
if (serverOnly) {
  // The page works without JavaScript; with it, its copy buttons (account number, KID) work too.
  enableCopyButtons(container)
} else if (container.firstElementChild) {
  // tailwind-merge builds its table of Tailwind's classes on the first `cn` call, a fifth
  // of the front page's hydration on a phone (docs/HISTORY.md, "Session 39"). Built here,
  // in a task of its own, the page answers a tap in between and hydrating is a shorter task.
  cn('p-0')
  await new Promise((resolve) => setTimeout(resolve))
  hydrateRoot(container, app)
} else {
  createRoot(container).render(app)
}
