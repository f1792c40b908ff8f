import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider'
import { clearHeldNotices } from '@/features/jobs/held-notices'
import { ApiError } from '@/lib/api'
import { forgetOwnData } from '@/lib/offline'
import { paths } from '@/lib/paths'
import { AdminShell } from './admin-shell'
import { AuditPage } from './pages/audit-page'
import { CategoriesPage } from './pages/categories-page'
import { CategoryServicesPage } from './pages/category-services-page'
import { ContentPage } from './pages/content-page'
import { DashboardPage } from './pages/dashboard-page'
import { LeadPage } from './pages/lead-page'
import { LeadsPage } from './pages/leads-page'
import { QuotePage } from './pages/quote-page'
import { InvoicePage } from './pages/invoice-page'
import { InvoicesPage } from './pages/invoices-page'
import { QuotesPage } from './pages/quotes-page'
import { VisitsPage } from './pages/visits-page'
import { JobPage } from './pages/job-page'
import { JobsPage } from './pages/jobs-page'
import { HoursPage } from './pages/hours-page'
import { WorkPage } from './pages/work-page'
import { PlanPage } from './pages/plan-page'
import { LoginPage } from './pages/login-page'
import { ForgotPasswordPage, NewPasswordPage } from './pages/password-pages'
import { MediaPage } from './pages/media-page'
import { PrivacyPage } from './pages/privacy-page'
import { AdminServicesPage } from './pages/services-page'
import { SettingsPage } from './pages/settings-page'
import { UsersPage } from './pages/users-page'

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  })
}

/** The admin app (its own chunk; no public page loads it). Its routes are the links' paths. */
export function AdminApp() {
  const [queryClient] = useState(makeQueryClient)
  // A session ended (however it ended) or another person signed in: nothing the device
  // holds of the last one is shown to the next (security review #74, finding 10). The
  // answers in memory, the service worker's kept days, the "held" notices go; unsent
  // entries stay in the outbox under their owner, for their owner alone
  // (src/features/jobs/outbox.tsx).
  const forget = useCallback(async () => {
    queryClient.clear()
    clearHeldNotices()
    await forgetOwnData()
  }, [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSessionEnd={forget}>
        <Routes>
          <Route path={paths.admin.login} element={<LoginPage />} />
          <Route path={paths.admin.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.admin.newPassword} element={<NewPasswordPage />} />
          <Route element={<Guarded />}>
            <Route path={paths.admin.root} element={<DashboardPage />} />
            <Route path={paths.admin.leads} element={<LeadsPage />} />
            <Route path={paths.admin.lead(':leadId')} element={<LeadPage />} />
            <Route path={paths.admin.visits} element={<VisitsPage />} />
            <Route path={paths.admin.quotes} element={<QuotesPage />} />
            <Route path={paths.admin.quote(':quoteId')} element={<QuotePage />} />
            <Route path={paths.admin.jobs} element={<JobsPage />} />
            <Route path={paths.admin.job(':jobId')} element={<JobPage />} />
            <Route path={paths.admin.invoices} element={<InvoicesPage />} />
            <Route path={paths.admin.invoice(':invoiceId')} element={<InvoicePage />} />
            <Route path={paths.admin.work} element={<WorkPage />} />
            <Route path={paths.admin.planning} element={<PlanPage />} />
            <Route path={paths.admin.hours} element={<HoursPage />} />
            <Route path={paths.admin.categories} element={<CategoriesPage />} />
            <Route path={paths.admin.services} element={<AdminServicesPage />} />
            <Route path={paths.admin.categoryServices(':categorySlug')} element={<CategoryServicesPage />} />
            <Route path={paths.admin.content} element={<ContentPage />} />
            <Route path={paths.admin.media} element={<MediaPage />} />
            <Route path={paths.admin.users} element={<UsersPage />} />
            <Route path={paths.admin.settings} element={<SettingsPage />} />
            <Route path={paths.admin.logs} element={<AuditPage />} />
            <Route path={paths.admin.privacy} element={<PrivacyPage />} />
            <Route path={`${paths.admin.root}/*`} element={<AdminNotFound />} />
          </Route>
        </Routes>
      </AuthProvider>
    </QueryClientProvider>
  )
}

/** Only a signed-in admin sees the shell; anyone else goes to the login page (history replaced). */
function Guarded() {
  const { user, loading } = useAuth()
  const { pathname } = useLocation()
  if (loading) {
    return (
      <p role="status" className="p-8 text-muted-foreground">
        Laster...
      </p>
    )
  }
  if (!user) return <Navigate to={paths.admin.login} replace />
  // A montør sees only their own jobs and hours (the server refuses the rest): any other
  // page of the back office takes them to "Mine oppdrag".
  if (user.role === 'montor' && pathname !== paths.admin.work) return <Navigate to={paths.admin.work} replace />
  return <AdminShell />
}

function AdminNotFound() {
  return (
    <div className="rounded-2xl border border-dashed border-border p-10 text-center">
      <h1 className="text-2xl font-bold">Fant ikke siden</h1>
      <p className="mt-2 text-muted-foreground">Denne delen av administrasjonen finnes ikke.</p>
    </div>
  )
}
