import { createContext, type ReactNode, useContext } from 'react'

/** The firm's public facts, filled in by the server from Innstillinger (see src/site/mod.rs). */
export type Site = {
  company_name: string
  orgnr: string
  adresse: string
  email: string
  phone: string
  phone_uri: string
  phone_extra: string[]
  today: string
  year: string
}

/**
 * What the prerender writes: the server replaces each token with the current value as it
 * serves the page, and hands the same values to the browser in `#ff-site`, so the page
 * hydrates with exactly what the HTML shows.
 */
export const PRERENDER_SITE: Site = {
  company_name: '__FF_COMPANY__',
  orgnr: '__FF_ORGNR__',
  adresse: '__FF_ADDRESS__',
  email: '__FF_EMAIL__',
  phone: '__FF_PHONE__',
  phone_uri: '__FF_PHONETEL__',
  phone_extra: [],
  today: '__FF_TODAY__',
  year: '__FF_YEAR__',
}

/** The facts the server put into the page, or neutral values when run without it. */
export function readSite(): Site {
  const element = typeof document === 'undefined' ? null : document.getElementById('ff-site')
  if (element?.textContent) {
    try {
      return JSON.parse(element.textContent) as Site
    } catch {
      // fall through to the neutral values
    }
  }
  return {
    company_name: 'Fagfolk',
    orgnr: '',
    adresse: 'Oslo',
    email: '',
    phone: '',
    phone_uri: 'tel:',
    phone_extra: [],
    today: new Date().toLocaleDateString('nb-NO', { day: 'numeric', month: 'long', year: 'numeric' }),
    year: String(new Date().getFullYear()),
  }
}

const SiteContext = createContext<Site>(PRERENDER_SITE)

export function SiteProvider({ value, children }: { value: Site; children: ReactNode }) {
  return <SiteContext value={value}>{children}</SiteContext>
}

// useContext rather than use(): the prerender (preact-render-to-string) supports only the former.
export function useSite(): Site {
  return useContext(SiteContext)
}
