import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App, loadPage } from './app/app'
import { ToastProvider } from './components/toast'
import { PRERENDER_SITE, SiteProvider } from './lib/site'

export { publicRoutes } from './app/app'

/** Renders one route to HTML for the prerender (web/scripts/prerender.mjs); a path with
 * no page renders the 404 page. The page is loaded first, so the HTML is complete. */
export async function render(url: string): Promise<string> {
  return renderToString(
    <StrictMode>
      <SiteProvider value={PRERENDER_SITE}>
        <ToastProvider>
          <App pathname={url} Page={await loadPage(url)} />
        </ToastProvider>
      </SiteProvider>
    </StrictMode>,
  )
}
