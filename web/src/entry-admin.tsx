import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AdminApp } from './app/admin/admin-app'
import { ToastProvider } from './components/toast'
import { readSite, SiteProvider } from './lib/site'

// The admin app: its own page (admin.html), built with React (see vite.config.ts). The
// server sends this page, empty, for every path under /admin.
const container = document.getElementById('root')
if (!container) throw new Error('#root mangler')

createRoot(container).render(
  <StrictMode>
    <SiteProvider value={readSite()}>
      <ToastProvider>
        {/* A navigation renders at once, not as a transition: the lists' filters live in
            the address (src/lib/url-filter.ts), and a checkbox or a select they drive must
            show its new state as it is clicked, not a moment later. */}
        <BrowserRouter useTransitions={false}>
          <AdminApp />
        </BrowserRouter>
      </ToastProvider>
    </SiteProvider>
  </StrictMode>,
)
