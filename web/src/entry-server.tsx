import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App, loadPage, pageSources, type PageSource } from './app/app'
import { type PageMeta, pageMeta } from './app/page-meta'
import { publicPaths, type PublicPageKey } from './lib/paths'
import { ToastProvider } from './components/toast'
import { type Site, SiteProvider } from './lib/site'
import { QuotePage, type QuoteData } from './app/quote/quote-page'
import { DocumentsPage, type DocumentsData } from './app/documents/documents-page'

// The server bundle: `npm run build` folds this module and everything it imports into
// one file (dist/_ssr/entry-server.js), which the Rust binary embeds and runs in its
// JavaScript engine (src/site/engine.rs) to render every public page.

/** Text for HTML content and attribute values, escaped once, here. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function pageKey(url: string): PublicPageKey | undefined {
  return (Object.keys(publicPaths) as PublicPageKey[]).find((key) => publicPaths[key] === url)
}

/** The page's `<head>` content: title, description, canonical link and Open Graph. */
function publicHead(key: PublicPageKey, site: Site): string {
  const meta = pageMeta[key]
  const own = (text: string | ((site: Site) => string)) => (typeof text === 'function' ? text(site) : text)
  // A function as the replacement: a company name is inserted as it is, never read as a pattern.
  const title = escapeHtml(own(meta.title).replace('{company}', () => site.company_name))
  const description = escapeHtml(own(meta.description))
  const path = publicPaths[key]
  const url = escapeHtml(`${site.base_url}${path}`)
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex">'] : []),
    `<link rel="canonical" href="${url}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:locale" content="nb_NO">',
    `<meta property="og:site_name" content="${escapeHtml(site.company_name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    ...ogImage(site, title),
    ...icons(site),
  ].join('\n    ')
}

/** The browser's icons: the firm's logo when it has one (src/site/icons.rs), else the drawn mark. */
function icons(site: Site): string[] {
  if (!site.icons) return ['<link rel="icon" href="/favicon.svg" type="image/svg+xml">']
  return [
    `<link rel="icon" href="${escapeHtml(site.icons.tab)}" type="image/png" sizes="32x32">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(site.icons.touch)}">`,
  ]
}

/** The page's picture for link previews (chosen by the server), or a text-only card. A
 * picture without alt text is described by the page's title (`title`, escaped). */
function ogImage(site: Site, title: string): string[] {
  const image = site.og_image
  if (!image) return ['<meta name="twitter:card" content="summary">']
  return [
    `<meta property="og:image" content="${escapeHtml(image.url)}">`,
    ...(image.width && image.height
      ? [`<meta property="og:image:width" content="${image.width}">`, `<meta property="og:image:height" content="${image.height}">`]
      : []),
    `<meta property="og:image:alt" content="${image.alt ? escapeHtml(image.alt) : title}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ]
}

const NOT_FOUND_HEAD = [
  '<title>404: Page not found</title>',
  '<meta name="robots" content="noindex">',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
].join('\n    ')

/**
 * Renders the page at `url` with `data` (the JSON of a `Site`, see src/lib/site.tsx) and
 * answers JSON `{status, head, html}`: the page's head content and its body markup. A
 * path with no page renders the English 404 page with status 404. The page's code is
 * loaded first, so the HTML is complete.
 */
export async function render(url: string, data: string): Promise<string> {
  const site = JSON.parse(data) as Site
  if (url.startsWith('/tilbud/')) return renderQuote(site as Site & { quote: QuoteData })
  if (url.startsWith('/dokumenter/')) return renderDocuments(site as Site & { documents: DocumentsData })
  const key = pageKey(url)
  const html = renderToString(
    <StrictMode>
      <SiteProvider value={site}>
        <ToastProvider>
          <App pathname={url} Page={await loadPage(url)} />
        </ToastProvider>
      </SiteProvider>
    </StrictMode>,
  )
  const head = key ? publicHead(key, site) : NOT_FOUND_HEAD
  return JSON.stringify({ status: key ? 200 : 404, head: wellFormed(head), html: wellFormed(html) })
}

/** A customer's quote (src/quotes/customer.rs): server-rendered only, never indexed, and
 * no address of it leaves with a link (the server also sends `Referrer-Policy: no-referrer`). */
function renderQuote(site: Site & { quote: QuoteData }): string {
  const html = renderToString(
    <SiteProvider value={site}>
      <QuotePage quote={site.quote} />
    </SiteProvider>,
  )
  const head = [
    `<title>${escapeHtml(`Tilbud ${site.quote.label} fra ${site.quote.firm?.name || site.company_name}`)}</title>`,
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    ...icons(site),
  ].join('\n    ')
  return JSON.stringify({ status: 200, head: wellFormed(head), html: wellFormed(html) })
}

/** A job's documents (src/documents/customer.rs): as private as a quote's page. */
function renderDocuments(site: Site & { documents: DocumentsData }): string {
  const html = renderToString(
    <SiteProvider value={site}>
      <DocumentsPage page={site.documents} />
    </SiteProvider>,
  )
  const head = [
    `<title>${escapeHtml(`Dokumenter fra ${site.documents.firm?.name || site.company_name}`)}</title>`,
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    ...icons(site),
  ].join('\n    ')
  return JSON.stringify({ status: 200, head: wellFormed(head), html: wellFormed(html) })
}

/** Text with any half of a surrogate pair (a string cut inside an emoji) replaced by
 * U+FFFD, so the page is valid Unicode whatever a component did to its text. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

/** Every public route for the build (web/scripts/server-bundle.mjs): its path, head data
 * and where its component is. */
export const publicRoutes: ({ path: string } & PageMeta & PageSource)[] = (
  Object.keys(publicPaths) as PublicPageKey[]
).map((key) => ({ path: publicPaths[key], ...pageMeta[key], ...pageSources[key] }))
