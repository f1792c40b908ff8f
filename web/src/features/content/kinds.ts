import { paths } from '@/lib/paths'
import type { ContentItem, ContentKind } from './api/content'

/** A field of a kind's form. Its key is the field's name in the API (src/content/mod.rs). */
export type Field =
  | { key: string; label: string; type: 'text' | 'email' | 'tel' | 'url' | 'year'; required?: boolean; hint?: string }
  | { key: string; label: string; type: 'textarea' | 'lines'; required?: boolean; hint?: string }
  | { key: string; label: string; type: 'rating' }
  | { key: string; label: string; type: 'pages' | 'group'; options: { value: string; label: string }[] }
  /** Pictures from the media library: `photo` one (an id), `photos` several (ids). */
  | { key: string; label: string; type: 'photo' | 'photos' }

/** Where an item appears: a public page and the section on it. */
export type Place = { value: string; label: string; href: string }

type KindInfo = {
  /** The tab. */
  label: string
  /** The button and the dialog's title for a new item. */
  newLabel: string
  editLabel: string
  fields: Field[]
  /** What the list shows of an item. */
  title: (data: Record<string, unknown>) => string
  detail: (data: Record<string, unknown>) => string
  /** The places an item is shown, first the one "Vis på nettstedet" opens. */
  places: (data: Record<string, unknown>) => Place[]
}

const TEAM_PAGES: Place[] = [
  { value: 'home', label: 'Forsiden', href: `${paths.home}#om-oss` },
  { value: 'contact', label: 'Kontakt', href: `${paths.contact}#team` },
  { value: 'partners', label: 'Kontraktpartnere', href: `${paths.contractPartners}#team` },
]
const REVIEW_PAGES: Place[] = [
  { value: 'home', label: 'Forsiden', href: `${paths.home}#omtaler` },
  { value: 'references', label: 'Referanser', href: `${paths.references}#omtaler` },
]
const FIGURE_GROUPS: Place[] = [
  { value: 'home', label: 'Forsiden', href: paths.home },
  { value: 'references', label: 'Referanser, nøkkeltall', href: paths.references },
  { value: 'satisfaction', label: 'Referanser, kundetilfredshet', href: `${paths.references}#tilfredshet` },
]

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])
const chosen = (options: Place[], values: string[]) => options.filter((option) => values.includes(option.value))

export const contentKinds: Record<ContentKind, KindInfo> = {
  team: {
    label: 'Team',
    newLabel: 'Ny person',
    editLabel: 'Rediger person',
    fields: [
      { key: 'name', label: 'Navn', type: 'text', required: true },
      { key: 'title', label: 'Tittel eller rolle', type: 'text', required: true },
      { key: 'description', label: 'Beskrivelse', type: 'textarea', required: true },
      { key: 'email', label: 'E-post', type: 'email' },
      { key: 'phone', label: 'Telefon', type: 'tel' },
      { key: 'photo', label: 'Bilde (valgfritt; uten bilde vises initialene)', type: 'photo' },
      { key: 'pages', label: 'Vises på', type: 'pages', options: TEAM_PAGES },
    ],
    title: (data) => text(data.name),
    detail: (data) => text(data.title),
    places: (data) => chosen(TEAM_PAGES, list(data.pages)),
  },
  project: {
    label: 'Prosjekter',
    newLabel: 'Nytt prosjekt',
    editLabel: 'Rediger prosjekt',
    fields: [
      { key: 'title', label: 'Tittel', type: 'text', required: true },
      { key: 'place', label: 'Sted', type: 'text', required: true, hint: 'For eksempel «Frogner, Oslo».' },
      { key: 'year', label: 'År', type: 'year', required: true },
      { key: 'type', label: 'Type arbeid', type: 'text', required: true, hint: 'For eksempel «Baderom».' },
      { key: 'description', label: 'Beskrivelse', type: 'textarea', required: true },
      { key: 'highlights', label: 'Høydepunkter', type: 'lines', hint: 'Ett punkt per linje, høyst 8.' },
      { key: 'photos', label: 'Bilder (valgfritt; det første vises stort)', type: 'photos' },
    ],
    title: (data) => text(data.title),
    detail: (data) => `${text(data.place)} · ${String(data.year ?? '')}`,
    places: () => [{ value: 'references', label: 'Referanser', href: `${paths.references}#prosjekter` }],
  },
  review: {
    label: 'Omtaler',
    newLabel: 'Ny omtale',
    editLabel: 'Rediger omtale',
    fields: [
      { key: 'name', label: 'Kundens navn', type: 'text', required: true, hint: 'For eksempel «Kari N.».' },
      { key: 'place', label: 'Sted', type: 'text', required: true },
      { key: 'service', label: 'Tjeneste', type: 'text', required: true },
      { key: 'rating', label: 'Vurdering', type: 'rating' },
      { key: 'text', label: 'Omtale', type: 'textarea', required: true },
      { key: 'pages', label: 'Vises på', type: 'pages', options: REVIEW_PAGES },
    ],
    title: (data) => text(data.name),
    detail: (data) => `${String(data.rating ?? '')} av 5 · ${text(data.service)}`,
    places: (data) => chosen(REVIEW_PAGES, list(data.pages)),
  },
  figure: {
    label: 'Nøkkeltall',
    newLabel: 'Nytt tall',
    editLabel: 'Rediger tall',
    fields: [
      { key: 'value', label: 'Tall', type: 'text', required: true, hint: 'Slik det skal stå, for eksempel «4,9/5» eller «98 %».' },
      { key: 'label', label: 'Tekst', type: 'text', required: true, hint: 'For eksempel «fornøyde kunder».' },
      { key: 'group', label: 'Vises på', type: 'group', options: FIGURE_GROUPS },
    ],
    title: (data) => `${text(data.value)} ${text(data.label)}`,
    detail: (data) => FIGURE_GROUPS.find((group) => group.value === data.group)?.label ?? '',
    places: (data) => FIGURE_GROUPS.filter((group) => group.value === data.group),
  },
  platform: {
    label: 'Plattformer',
    newLabel: 'Ny plattform',
    editLabel: 'Rediger plattform',
    fields: [
      { key: 'name', label: 'Navn', type: 'text', required: true, hint: 'For eksempel «Mittanbud».' },
      { key: 'url', label: 'Lenke til firmaprofilen', type: 'url', hint: 'Må begynne med https://. Kan stå tom.' },
    ],
    title: (data) => text(data.name),
    detail: (data) => text(data.url) || 'Uten lenke',
    places: () => [{ value: 'contact', label: 'Kontakt og bunnteksten', href: paths.contact }],
  },
  promise: {
    label: 'Løfter',
    newLabel: 'Nytt løfte',
    editLabel: 'Rediger løfte',
    fields: [{ key: 'text', label: 'Løfte', type: 'text', required: true, hint: 'Kort, for eksempel «5 års garanti».' }],
    title: (data) => text(data.text),
    detail: () => 'Forsiden, Tjenester og For private',
    places: () => [{ value: 'home', label: 'Forsiden', href: paths.home }],
  },
}

export const CONTENT_KINDS = Object.keys(contentKinds) as ContentKind[]

/** The fields of an item as its form edits them. */
export function dataOf(item: ContentItem): Record<string, unknown> {
  return item.data as unknown as Record<string, unknown>
}
