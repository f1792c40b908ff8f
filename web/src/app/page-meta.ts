import type { components } from '@/lib/api-schema'
import type { PublicPageKey, ServiceCategory } from '@/lib/paths'

/** Head data of a public page. `{company}` stands for the firm's name from settings.
 * Only the server's renderer reads this (src/entry-server.tsx), so no visitor downloads it. */
export type PageMeta = {
  title: string
  description: string
  /** A trade page: its active services go into the page's JSON-LD offer catalogue. */
  serviceCategory?: ServiceCategory
  serviceType?: string
  /** The page lists every trade's services (the overview cards). */
  allServices?: true
  /** The kinds of content the page shows (every page has the platforms, for the footer). */
  content?: components['schemas']['ContentKind'][]
  /** Kept out of search engines and the sitemap (the confirmation after the contact form). */
  noindex?: true
}

export const pageMeta: Record<PublicPageKey, PageMeta> = {
  home: {
    title: 'Elektriker, rørlegger og bad i Oslo | {company}',
    description:
      'Autoriserte elektrikere og rørleggere i Oslo og Viken. Døgnvakt 24/7, bindende pris før oppstart og garanti på arbeidet. Ring oss eller send en forespørsel.',
    allServices: true,
    content: ['team', 'review', 'figure', 'promise'],
  },
  services: {
    title: 'Tjenester: elektriker, rørlegger, kjøkken og bad | {company}',
    description:
      'Se alle tjenestene våre med priser: elektrikerarbeid, rørleggerarbeid og renovering av kjøkken og bad i Oslo og Viken.',
    allServices: true,
    content: ['promise'],
  },
  electrician: {
    title: 'Elektriker i Oslo – autorisert og døgnåpen | {company}',
    description:
      'Autorisert elektriker i Oslo: feilsøking, sikringsskap, elbillader og gulvvarme. Fast pris før oppstart og 5 års garanti.',
    serviceCategory: 'elektriker',
    serviceType: 'Elektrikertjenester',
  },
  plumber: {
    title: 'Rørlegger i Oslo – døgnvakt ved lekkasje | {company}',
    description:
      'Rørlegger i Oslo med døgnvakt: akutt lekkasje, tette avløp, varmtvannsbereder og nye rør. Vi er på plass innen en time ved akutt vannlekkasje.',
    serviceCategory: 'rorlegger',
    serviceType: 'Rørleggertjenester',
  },
  kitchenBath: {
    title: 'Kjøkken og bad i Oslo og Viken – totalrenovering | {company}',
    description:
      'Totalrenovering av bad og montering av kjøkken i Oslo og Viken. Gratis befaring, bindende pris og alle fag under ett tak.',
    serviceCategory: 'kjokken-bad',
    serviceType: 'Renovering av kjøkken og bad',
  },
  privateCustomers: {
    title: 'For private kunder – elektriker og rørlegger hjemme | {company}',
    description:
      'Vi hjelper huseiere i Oslo og Viken med elektrisk, rør og oppussing av kjøkken og bad. Fast pris, ryddige fagfolk og garanti.',
    content: ['promise', 'project'],
  },
  businessCustomers: {
    title: 'For bedrifter – service og serviceavtale | {company}',
    description:
      'Elektriker og rørlegger for bedrifter, gårdeiere og borettslag. Serviceavtale med prioritert utrykning og fast kontaktperson.',
  },
  contractPartners: {
    title: 'For entreprenører – kontraktpartner på el og rør | {company}',
    description:
      'Vi er underentreprenør på elektro og rør for byggefirma og entreprenører i Oslo og Viken. Dokumentasjon, HMS og leveranse til avtalt tid.',
    content: ['team'],
  },
  references: {
    title: 'Referanser og prosjekter | {company}',
    description:
      'Se utvalgte prosjekter fra Oslo og Viken, og les hva kundene sier om elektrikerne, rørleggerne og baderomsfolkene våre.',
    content: ['project', 'review', 'figure'],
  },
  contact: {
    title: 'Kontakt oss – ring eller send forespørsel | {company}',
    description:
      'Ring oss døgnet rundt eller send en forespørsel. Vi svarer innen 24 timer og kommer på gratis befaring i Oslo og Viken.',
    content: ['team'],
  },
  contactSent: {
    title: 'Takk for henvendelsen | {company}',
    description: 'Henvendelsen din er mottatt. Vi kontakter deg innen 24 timer.',
    noindex: true,
  },
  privacy: {
    title: 'Personvernerklæring | {company}',
    description: 'Slik behandler vi personopplysninger: hva vi samler inn, hvorfor, hvor lenge og hvilke rettigheter du har.',
  },
  terms: {
    title: 'Vilkår og betingelser | {company}',
    description:
      'Våre vilkår: betaling, garanti, avbestilling, priser og tilbud, og hvordan uenighet løses.',
  },
  cookies: {
    title: 'Informasjonskapsler (cookies) | {company}',
    description: 'Hvilke informasjonskapsler og lokale lagringer nettstedet bruker, og hvordan du styrer dem.',
  },
}
