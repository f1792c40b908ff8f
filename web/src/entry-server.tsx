import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App, loadPage, pageSources, type PageSource } from './app/app'
import { type PageMeta, pageMeta } from './app/page-meta'
import { publicPaths, type PublicPageKey } from './lib/paths'
import { ToastProvider } from './components/toast'
import { PRERENDER_SITE, SiteProvider } from './lib/site'


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

/** Every public route for the prerender (web/scripts/prerender.mjs): its path, head data
 * and where its component is. */
export const publicRoutes: ({ path: string } & PageMeta & PageSource)[] = (
  Object.keys(publicPaths) as PublicPageKey[]
).map((key) => ({ path: publicPaths[key], ...pageMeta[key], ...pageSources[key] }))
