import type { components } from '@/lib/api-schema'
import type { PublicPageKey, ServiceCategory } from '@/lib/paths'
import { sentence, type Site, warranty } from '@/lib/site'

/** Head data of a public page. `{company}` stands for the firm's name from settings; a
 * title or description that states a promise is made from the site's data, so it says
 * only what the firm promises (Innstillinger).
 * Only the server's renderer reads this (src/entry-server.tsx), so no visitor downloads it. */
export type PageMeta = {
  title: string | ((site: Site) => string)
  description: string | ((site: Site) => string)
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
(site) =>
      [
        'Autoriserte elektrikere og rørleggere i Oslo og Viken.',
        sentence([
          site.claims.on_call && 'døgnvakt 24/7',
          site.claims.binding_price && 'bindende pris før oppstart',
          Boolean(site.claims.warranty_years) && 'garanti på arbeidet',
        ]),
        'Ring oss eller send en forespørsel.',
      ]
        .filter(Boolean)
        .join(' '),
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
    title: (site) => `Elektriker i Oslo – autorisert${site.claims.on_call ? ' og døgnåpen' : ''} | {company}`,
    description: (site) =>
      `Autorisert elektriker i Oslo: feilsøking, sikringsskap, elbillader og gulvvarme. ${sentence([
        site.claims.binding_price && 'fast pris før oppstart',
        warranty(site),
      ])}`.trim(),
    serviceCategory: 'elektriker',
    serviceType: 'Elektrikertjenester',
  },
  plumber: {
    title: (site) => `Rørlegger i Oslo – ${site.claims.on_call ? 'døgnvakt ved lekkasje' : 'lekkasje, avløp og rør'} | {company}`,
    description: (site) =>
      `Rørlegger i Oslo${site.claims.on_call ? ' med døgnvakt' : ''}: akutt lekkasje, tette avløp, varmtvannsbereder og nye rør.${
        site.claims.leak_within_hour ? ' Vi er på plass innen en time ved akutt vannlekkasje.' : ''
      }`,
    serviceCategory: 'rorlegger',
    serviceType: 'Rørleggertjenester',
  },
  kitchenBath: {
    title: 'Kjøkken og bad i Oslo og Viken – totalrenovering | {company}',
    description:
(site) =>
      `Totalrenovering av bad og montering av kjøkken i Oslo og Viken. ${sentence([
        site.claims.free_visit && 'gratis befaring',
        site.claims.binding_price && 'bindende pris',
        'alle fag under ett tak',
      ])}`,
    serviceCategory: 'kjokken-bad',
    serviceType: 'Renovering av kjøkken og bad',
  },
  privateCustomers: {
    title: 'For private kunder – elektriker og rørlegger hjemme | {company}',
    description:
(site) =>
      `Vi hjelper huseiere i Oslo og Viken med elektrisk, rør og oppussing av kjøkken og bad. ${sentence([
        site.claims.binding_price && 'fast pris',
        'ryddige fagfolk',
        Boolean(site.claims.warranty_years) && 'garanti',
      ])}`,
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
(site) =>
      `Ring oss${site.claims.on_call ? ' døgnet rundt' : ''} eller send en forespørsel. Vi svarer innen 24 timer og kommer på ${
        site.claims.free_visit ? 'gratis ' : ''
      }befaring i Oslo og Viken.`,
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
