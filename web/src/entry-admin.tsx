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
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </ToastProvider>
    </SiteProvider>
  </StrictMode>,
)
