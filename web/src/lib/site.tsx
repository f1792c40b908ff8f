import { createContext, type ReactNode, useContext } from 'react'
import type { components } from './api-schema'

type Schemas = components['schemas']
type PublicService = Schemas['PublicService']
type WithId<T> = T & { id: string }

/**
 * A picture from the media library as a page shows it (src/site/render.rs): the widest
 * copy, every WebP copy for `srcset` (empty until they are made), its size and alt text.
 */
export type Picture = { src: string; srcset: string; width: number | null; height: number | null; alt: string }

export type TeamMember = WithId<Omit<Schemas['TeamMember'], 'photo'>> & { photo: Picture | null }
export type Project = WithId<Omit<Schemas['Project'], 'photos'>> & { photos: Picture[] }
export type Review = WithId<Schemas['Review']>
export type Figure = WithId<Schemas['Figure']>
export type Platform = WithId<Schemas['Platform']>
export type FirmPromise = WithId<Schemas['Promise']>
/** What the firm promises (Innstillinger): a page states a promise only while it is on. */
export type Claims = Schemas['Claims']

/**
 * The firm's content as a page shows it (Innhold in the admin, src/content in the
 * server): the visible items of the kinds the page shows, each kind in its order; the
 * other kinds are empty. The platforms are always there, for the footer.
 */
export type SiteContent = {
  team: TeamMember[]
  project: Project[]
  review: Review[]
  figure: Figure[]
  platform: Platform[]
  promise: FirmPromise[]
}

const NO_CONTENT: SiteContent = { team: [], project: [], review: [], figure: [], platform: [], promise: [] }

/**
 * What a page is rendered with: the firm's public facts from Innstillinger, its content
 * and, on the pages that list them, the active services (see src/site/render.rs). The server renders
 * the page from this object and puts the same object into the page as `#ff-site`, so
 * the browser hydrates with exactly what the HTML shows.
 */
export type Site = {
  company_name: string
  orgnr: string
  adresse: string
  email: string
  phone: string
  phone_uri: string
  phone_extra: string[]
  /** The year the firm was founded (Innstillinger), or null: then no page says "siden …"
   * or how many years of experience the firm has (`since` and `experience` below). */
  founded_year: number | null
  /** The promises the pages may make (døgnvakt, a leak within the hour, a binding price,
   * the warranty, a free site visit); a page says only what is on (see the helpers below). */
  claims: Claims
  /** The firm's logo from the media library, or null: then the header draws the firm's initial. */
  logo: Picture | null
  /** The logo as the browser's icons (src/site/icons.rs), or null without a logo. */
  icons?: { tab: string; touch: string } | null
  /** Today's date in Norwegian ("22. november 2026") and the year, from the server. */
  today: string
  year: string
  /** The public base URL, for canonical links (`FAGFOLK_PUBLIC_URL`). */
  base_url: string
  /** The active services the page lists, or null when it lists none (then a list fetches them). */
  services: PublicService[] | null
  content: SiteContent
  /** The contact form as the visitor sent it without JavaScript and the server refused
   * it: what was typed, the Norwegian message under each field, or a notice for the whole
   * form (the limit, the spam filter). Only on the contact page the server made again. */
  contact_form?: {
    values: Partial<Record<'name' | 'phone' | 'email' | 'service' | 'message' | 'address' | 'postcode' | DayField, string | null>>
    errors: Partial<Record<string, string>>
    notice: string | null
    /** The photos sent with the refused post and stored already, by id: the form sends
     * them again (`photo_ids`). */
    photos?: string[]
  } | null
  /** The days the contact form offers for the site visit, from the next day the firm
   * visits on (Innstillinger → Befaring); the pages are rendered again when the date moves. */
  visit_days?: { value: string; label: string }[]
  /** The picture link previews show for this page (absolute URL), if the site has one. */
  og_image: { url: string; width: number | null; height: number | null; alt: string } | null
}

/** The contact form's fields for the days offered for the site visit, as posted without
 * JavaScript (src/contact/form_post.rs): a day and its part of the day per row. */
export type DayField = 'dag_1' | 'del_1' | 'dag_2' | 'del_2' | 'dag_3' | 'del_3'

/** Neutral values, for the admin's tests and a page run without the server (the Vite dev server). */
export const NEUTRAL_SITE: Site = {
  company_name: 'Fagfolk',
  orgnr: '',
  adresse: 'Oslo',
  email: '',
  phone: '',
  phone_uri: 'tel:',
  phone_extra: [],
  founded_year: null,
  claims: {
    on_call: false,
    leak_within_hour: false,
    binding_price: false,
    warranty_years: null,
    free_visit: false,
    confirmed: true,
  },
  logo: null,
  today: '',
  year: '',
  base_url: '',
  services: null,
  content: NO_CONTENT,
  og_image: null,
}

/** The data the server rendered the page with, or neutral values when run without it. */
export function readSite(): Site {
  const element = typeof document === 'undefined' ? null : document.getElementById('ff-site')
  if (element?.textContent) {
    try {
      const site = { ...NEUTRAL_SITE, ...(JSON.parse(element.textContent) as Partial<Site>) }
      return { ...site, content: { ...NO_CONTENT, ...site.content } }
    } catch {
      // fall through to the neutral values
    }
  }
  return {
    ...NEUTRAL_SITE,
    today: new Date().toLocaleDateString('nb-NO', { day: 'numeric', month: 'long', year: 'numeric' }),
    year: String(new Date().getFullYear()),
  }
}

/** " siden 2004", or nothing when the firm has not said when it was founded. */
export function since(site: Site): string {
  return site.founded_year ? ` siden ${site.founded_year}` : ''
}

/** "20+ års erfaring" (whole five years), or null when the year is not set or the firm is
 * younger than five years. */
export function experience(site: Site): string | null {
  const year = Number(site.year) || new Date().getFullYear()
  if (!site.founded_year) return null
  const years = Math.floor((year - site.founded_year) / 5) * 5
  return years >= 5 ? `${years}+ års erfaring` : null
}

/** "5 års garanti", or null when the firm promises no warranty. */
export function warranty(site: Site): string | null {
  return site.claims.warranty_years ? `${site.claims.warranty_years} års garanti` : null
}

/** The items that are there, as Norwegian lists them: "a", "a og b", "a, b og c"; "" for none. */
export function listed(items: (string | null | false | undefined)[]): string {
  const kept = items.filter((item): item is string => Boolean(item))
  if (kept.length < 2) return kept[0] ?? ''
  return `${kept.slice(0, -1).join(', ')} og ${kept[kept.length - 1]}`
}

/** A sentence from its parts (those that are there), capitalised and ending in a full stop; "" for none. */
export function sentence(items: (string | null | false | undefined)[]): string {
  const text = listed(items)
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : ''
}

/** Items of a list whose promise is on: each item is kept when its `when` is true or absent. */
export function kept<T extends { when?: boolean }>(items: T[]): T[] {
  return items.filter((item) => item.when !== false)
}

const SiteContext = createContext<Site>(NEUTRAL_SITE)

export function SiteProvider({ value, children }: { value: Site; children: ReactNode }) {
  return <SiteContext value={value}>{children}</SiteContext>
}

// useContext rather than use(): the server's renderer (preact-render-to-string) supports only the former.
export function useSite(): Site {
  return useContext(SiteContext)
}
