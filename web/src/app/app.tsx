import { type ComponentType, lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { paths } from './paths'
import { BusinessCustomersPage } from './public/pages/business-customers-page'
import { ContactPage } from './public/pages/contact-page'
import { ContractPartnersPage } from './public/pages/contract-partners-page'
import { ElectricianPage } from './public/pages/electrician-page'
import { HomePage } from './public/pages/home-page'
import { KitchenBathPage } from './public/pages/kitchen-bath-page'
import { CookiesPage, PrivacyPage, TermsPage } from './public/pages/legal-page'
import { NotFoundPage } from './public/pages/not-found-page'
import { PlumberPage } from './public/pages/plumber-page'
import { PrivateCustomersPage } from './public/pages/private-customers-page'
import { ReferencesPage } from './public/pages/references-page'
import { ServicesPage } from './public/pages/services-page'
import { PublicLayout } from './public/public-layout'

// Public pages are bundled eagerly so that the prerendered HTML hydrates without a
// waterfall; the admin app is a separate chunk no public page loads.
const AdminApp = lazy(() => import('./admin/admin-app').then((m) => ({ default: m.AdminApp })))

export const publicPages: Record<string, ComponentType> = {
  [paths.home]: HomePage,
  [paths.services]: ServicesPage,
  [paths.electrician]: ElectricianPage,
  [paths.plumber]: PlumberPage,
  [paths.kitchenBath]: KitchenBathPage,
  [paths.privateCustomers]: PrivateCustomersPage,
  [paths.businessCustomers]: BusinessCustomersPage,
  [paths.contractPartners]: ContractPartnersPage,
  [paths.references]: ReferencesPage,
  [paths.contact]: ContactPage,
  [paths.privacy]: PrivacyPage,
  [paths.terms]: TermsPage,
  [paths.cookies]: CookiesPage,
}

export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {Object.entries(publicPages).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
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
