import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App } from './app/app'
import { ToastProvider } from './components/toast'
import { PRERENDER_SITE, SiteProvider } from './lib/site'

export { pageMeta } from './app/page-meta'

/** Renders one route to HTML for the prerender (web/scripts/prerender.mjs). */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <SiteProvider value={PRERENDER_SITE}>
        <ToastProvider>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </ToastProvider>
      </SiteProvider>
    </StrictMode>,
  )
}
