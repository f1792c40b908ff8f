import './styles.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './app/app'
import { ToastProvider } from './components/toast'
import { readSite, SiteProvider } from './lib/site'

const container = document.getElementById('root')
if (!container) throw new Error('#root mangler')

const app = (
  <StrictMode>
    <SiteProvider value={readSite()}>
      <ToastProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ToastProvider>
    </SiteProvider>
  </StrictMode>
)

// Public pages arrive prerendered and are hydrated; the admin shell arrives empty.
if (container.firstElementChild) {
  hydrateRoot(container, app)
} else {
  createRoot(container).render(app)
}
