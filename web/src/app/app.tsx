import type { ComponentType } from 'react'
import { publicPaths, type PublicPageKey } from '@/lib/paths'
import { NotFoundPage } from './public/pages/not-found-page'
import { PathnameProvider } from './public/pathname'
import { PublicLayout } from './public/public-layout'

// The public site: each route is a page rendered to HTML by the server and joined to the others by
// plain links, so a visitor loads the shared layout and the one page in view (its own
// chunk, preloaded by the HTML). The admin app is a separate build (admin.html,
// src/entry-admin.tsx) no public page loads.
type PageModule = Record<string, unknown>
export type PageSource = { module: string; name: string; load: () => Promise<PageModule> }

/** Where each page of the table in src/lib/paths.ts lives: its module (for preloading)
 * and how to load it. The type makes a page without a loader a compile error. */
export const pageSources: Record<PublicPageKey, PageSource> = {
  home: { module: 'home-page', name: 'HomePage', load: () => import('./public/pages/home-page') },
  services: { module: 'services-page', name: 'ServicesPage', load: () => import('./public/pages/services-page') },
  electrician: { module: 'electrician-page', name: 'ElectricianPage', load: () => import('./public/pages/electrician-page') },
  plumber: { module: 'plumber-page', name: 'PlumberPage', load: () => import('./public/pages/plumber-page') },
  kitchenBath: { module: 'kitchen-bath-page', name: 'KitchenBathPage', load: () => import('./public/pages/kitchen-bath-page') },
  privateCustomers: { module: 'private-customers-page', name: 'PrivateCustomersPage', load: () => import('./public/pages/private-customers-page') },
  businessCustomers: { module: 'business-customers-page', name: 'BusinessCustomersPage', load: () => import('./public/pages/business-customers-page') },
  contractPartners: { module: 'contract-partners-page', name: 'ContractPartnersPage', load: () => import('./public/pages/contract-partners-page') },
  references: { module: 'references-page', name: 'ReferencesPage', load: () => import('./public/pages/references-page') },
  contact: { module: 'contact-page', name: 'ContactPage', load: () => import('./public/pages/contact-page') },
  contactSent: { module: 'contact-sent-page', name: 'ContactSentPage', load: () => import('./public/pages/contact-sent-page') },
  privacy: { module: 'legal-page', name: 'PrivacyPage', load: () => import('./public/pages/legal-page') },
  terms: { module: 'legal-page', name: 'TermsPage', load: () => import('./public/pages/legal-page') },
  cookies: { module: 'legal-page', name: 'CookiesPage', load: () => import('./public/pages/legal-page') },
}

/** The component of the public page at `pathname`, or null when there is none (404). */
export async function loadPage(pathname: string): Promise<ComponentType | null> {
  const key = (Object.keys(publicPaths) as PublicPageKey[]).find((k) => publicPaths[k] === pathname)
  if (!key) return null
  const page = pageSources[key]
  return (await page.load())[page.name] as ComponentType
}

/** One public page in the site's layout, or the English 404 page. */
export function App({ pathname, Page }: { pathname: string; Page: ComponentType | null }) {
  return (
    <PathnameProvider pathname={pathname}>
      {Page ? (
        <PublicLayout>
          <Page />
        </PublicLayout>
      ) : (
        <NotFoundPage />
      )}
    </PathnameProvider>
  )
}
