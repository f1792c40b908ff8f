import './styles.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, loadPage } from './app/app'
import { normalizePathname } from './app/public/pathname'
import { ToastProvider } from './components/toast'
import { readSite, SiteProvider } from './lib/site'

// The public site: every page arrives rendered by the server and is hydrated here (with Preact in
// the build, see vite.config.ts). The page in view is loaded before hydrating (the HTML
// has already preloaded its chunk), so the first render matches the HTML.
const container = document.getElementById('root')
if (!container) throw new Error('#root mangler')

const pathname = normalizePathname(window.location.pathname)
const app = (
  <StrictMode>
    <SiteProvider value={readSite()}>
      <ToastProvider>
        <App pathname={pathname} Page={await loadPage(pathname)} />
      </ToastProvider>
    </SiteProvider>
  </StrictMode>
)

// The Vite dev server sends the page without its server-rendered HTML.
if (container.firstElementChild) {
  hydrateRoot(container, app)
} else {
  createRoot(container).render(app)
}
