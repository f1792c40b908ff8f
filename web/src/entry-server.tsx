import type { ComponentType } from 'react'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App, publicPages } from './app/app'
import { ToastProvider } from './components/toast'
import { PRERENDER_SITE, SiteProvider } from './lib/site'

export { publicPages } from './app/app'
export { pageMeta } from './app/page-meta'

/** Renders one route to HTML for the prerender (web/scripts/prerender.mjs). The page is
 * loaded first and passed in, so nothing suspends and the HTML is complete, with no
 * streaming script (the CSP allows none). */
export async function render(url: string): Promise<string> {
  const page = publicPages.find((p) => p.path === url)
  const resolved: Record<string, ComponentType> = page
    ? { [url]: (await page.load())[page.name] as ComponentType }
    : {}
  return renderToString(
    <StrictMode>
      <SiteProvider value={PRERENDER_SITE}>
        <ToastProvider>
          <StaticRouter location={url}>
            <App resolved={resolved} />
          </StaticRouter>
        </ToastProvider>
      </SiteProvider>
    </StrictMode>,
  )
}
