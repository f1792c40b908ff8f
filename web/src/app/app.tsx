import { type ComponentType, lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { paths } from './paths'
import { NotFoundPage } from './public/pages/not-found-page'
import { PublicLayout } from './public/public-layout'

// Each public page is its own chunk: a visitor loads the layout and the page in view.
// The prerender renders the page eagerly (it passes it in `resolved`); the browser
// hydrates the layout at once and the page as soon as its preloaded chunk is there.
// The admin app is a separate chunk no public page loads.
type PageModule = Record<string, unknown>

/** Every public page: its path, its source module (for preloading) and how to load it. */
export const publicPages: { path: string; module: string; name: string; load: () => Promise<PageModule> }[] = [
  { path: paths.home, module: 'home-page', name: 'HomePage', load: () => import('./public/pages/home-page') },
  { path: paths.services, module: 'services-page', name: 'ServicesPage', load: () => import('./public/pages/services-page') },
  { path: paths.electrician, module: 'electrician-page', name: 'ElectricianPage', load: () => import('./public/pages/electrician-page') },
  { path: paths.plumber, module: 'plumber-page', name: 'PlumberPage', load: () => import('./public/pages/plumber-page') },
  { path: paths.kitchenBath, module: 'kitchen-bath-page', name: 'KitchenBathPage', load: () => import('./public/pages/kitchen-bath-page') },
  { path: paths.privateCustomers, module: 'private-customers-page', name: 'PrivateCustomersPage', load: () => import('./public/pages/private-customers-page') },
  { path: paths.businessCustomers, module: 'business-customers-page', name: 'BusinessCustomersPage', load: () => import('./public/pages/business-customers-page') },
  { path: paths.contractPartners, module: 'contract-partners-page', name: 'ContractPartnersPage', load: () => import('./public/pages/contract-partners-page') },
  { path: paths.references, module: 'references-page', name: 'ReferencesPage', load: () => import('./public/pages/references-page') },
  { path: paths.contact, module: 'contact-page', name: 'ContactPage', load: () => import('./public/pages/contact-page') },
  { path: paths.privacy, module: 'legal-page', name: 'PrivacyPage', load: () => import('./public/pages/legal-page') },
  { path: paths.terms, module: 'legal-page', name: 'TermsPage', load: () => import('./public/pages/legal-page') },
  { path: paths.cookies, module: 'legal-page', name: 'CookiesPage', load: () => import('./public/pages/legal-page') },
]

const lazyPages: Record<string, ComponentType> = Object.fromEntries(
  publicPages.map((page) => [
    page.path,
    lazy(async () => ({ default: (await page.load())[page.name] as ComponentType })),
  ]),
)

const AdminApp = lazy(async () => ({ default: (await import('./admin/admin-app')).AdminApp }))

export function App({ resolved = {} }: { resolved?: Record<string, ComponentType> }) {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {publicPages.map(({ path }) => {
          const Page = resolved[path] ?? lazyPages[path]!
          return <Route key={path} path={path} element={<Page />} />
        })}
      </Route>
      <Route
        path={`${paths.admin.root}/*`}
        element={
          <Suspense fallback={<p className="p-8 text-muted-foreground">Laster...</p>}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
