import type { components } from './api-schema'

/** The trades of the public site, by their category slug (the server's list). */
export type ServiceCategory = components['schemas']['CategorySlug']

/** Every public page by its path, in the order of the sitemap. The links (`paths`), the
 * router (src/app/app.tsx, which needs a loader for each) and the head data of the
 * server bundle (src/app/page-meta.ts, which needs an entry for each) all derive from this
 * table: a new page is one line here, and the compiler asks for the rest. */
export const publicPaths = {
  home: '/',
  services: '/tjenester',
  electrician: '/tjenester/elektriker',
  plumber: '/tjenester/rorlegger',
  kitchenBath: '/tjenester/kjokken-bad',
  privateCustomers: '/private-kunder',
  businessCustomers: '/bedriftskunder',
  contractPartners: '/kontraktpartnere',
  references: '/referanser',
  contact: '/kontakt',
  /** Where the contact form sends the visitor once the enquiry is stored (not in the sitemap). */
  contactSent: '/kontakt/takk',
  privacy: '/personvern',
  terms: '/vilkar',
  cookies: '/cookies',
} as const

export type PublicPageKey = keyof typeof publicPaths

/** Every path of the app, in one place: links and the routers use these. */
export const paths = {
  ...publicPaths,
  admin: {
    root: '/admin',
    login: '/admin/login',
    /** "Glemt passord?" and the page its e-mailed link opens (the token after '#'). */
    forgotPassword: '/admin/glemt-passord',
    newPassword: '/admin/nytt-passord',
    leads: '/admin/leads',
    /** A lead's own page; with `:leadId` it is the route's pattern. */
    lead: (id: string) => `/admin/leads/${id}`,
    quotes: '/admin/tilbud',
    visits: '/admin/befaringer',
    /** A quote's page (the editor while it is a draft); with `:quoteId` the route's pattern. */
    quote: (id: string) => `/admin/tilbud/${id}`,
    jobs: '/admin/oppdrag',
    /** A job's page; with `:jobId` the route's pattern. */
    job: (id: string) => `/admin/oppdrag/${id}`,
    invoices: '/admin/fakturaer',
    /** An invoice's (or credit note's) page; with `:invoiceId` the route's pattern. */
    invoice: (id: string) => `/admin/fakturaer/${id}`,
    /** "Mine oppdrag i dag": the hours on a phone, a montør's home. */
    work: '/admin/mine-oppdrag',
    /** "Månedens timer": everyone's hours of the month to close, and one person's week. */
    hours: '/admin/timer',
    /** "Planleggingstavle": who works where on which day (the office's). */
    planning: '/admin/planlegging',
    categories: '/admin/categories',
    /** Also the route's pattern, with `:categorySlug`, which is left as it is. */
    categoryServices: (slug: string) =>
      `/admin/services/category/${slug.startsWith(':') ? slug : encodeURIComponent(slug)}`,
    services: '/admin/services',
    content: '/admin/content',
    media: '/admin/media',
    users: '/admin/users',
    settings: '/admin/settings',
    logs: '/admin/logs',
    privacy: '/admin/privacy',
  },
} as const
