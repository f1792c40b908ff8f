import type { components } from '@/lib/api-schema'
import type { AuditEntry } from './api/audit'

/** What the server's log can say was done, and about what (enums in the OpenAPI document). */
export type AuditAction = components['schemas']['AuditAction']
export type AuditEntity = components['schemas']['AuditEntity']

/** What each action is called in the log: every action the server has, or the build fails. */
export const ACTIONS: Record<AuditAction, string> = {
  create: 'Opprettet',
  update: 'Endret',
  delete: 'Slettet',
  login: 'Logget inn',
  logout: 'Logget ut',
  password: 'Endret passord',
  reorder: 'Endret rekkefølge',
  clear: 'Tømte loggen',
  note: 'La til notat',
  delete_note: 'Slettet notat',
  merge: 'Slo sammen',
  export: 'Eksporterte',
  erase: 'Slettet personopplysninger',
  anonymize: 'Anonymiserte',
}

/** What each kind of thing is called: every kind the server has, or the build fails. */
export const ENTITY_TYPES: Record<AuditEntity, string> = {
  leads: 'Lead',
  services_admin: 'Tjeneste',
  categories: 'Kategori',
  content_items: 'Innhold',
  media: 'Bilde',
  admin_users: 'Bruker',
  settings: 'Innstillinger',
  audit_logs: 'Loggen',
  privacy: 'Personvern',
}

/** The fields of the changes, by their key. */
export const FIELDS: Record<string, string> = {
  name: 'Navn',
  email: 'E-post',
  phone: 'Telefon',
  status: 'Status',
  kilde: 'Kilde',
  beskrivelse: 'Beskrivelse',
  description: 'Beskrivelse',
  adresse: 'Adresse',
  postnr: 'Postnummer',
  tags: 'Tags',
  follow_up: 'Oppfølging',
  assignee_id: 'Ansvarlig',
  duplicate_of: 'Mulig duplikat av',
  note: 'Notat',
  merged_lead: 'Slått sammen med',
  price_from: 'Pris fra',
  category: 'Kategori',
  category_id: 'Kategori',
  is_active: 'Aktiv',
  role: 'Rolle',
  alt: 'Alternativ tekst',
  url: 'Adresse',
  company_name: 'Firmanavn',
  orgnr: 'Org.nr.',
  global_phone_primary: 'Hovednummer',
  global_phone_extra: 'Ekstra telefoner',
  lead_pipeline: 'Pipeline',
  retention_months: 'Sletteregel (måneder)',
  hidden: 'Skjult',
  data: 'Innhold',
  position: 'Plass',
  slug: 'Adresse (slug)',
  rows: 'Rader',
  leads: 'Leads',
  submissions: 'Henvendelser',
  notes: 'Notater',
  audit_entries: 'Loggføringer',
  months: 'Måneder',
  filter: 'Filter',
}

export const actionWord = (action: AuditAction) => ACTIONS[action]
/** A kind's word; the filter's list comes from the stored log, so an unknown kind shows as it is. */
export const typeWord = (type: string) => (type in ENTITY_TYPES ? ENTITY_TYPES[type as AuditEntity] : type)

/** A value of a change as a short text: "tom" for nothing, Ja/Nei, lists joined. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'tom'
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei'
  if (Array.isArray(value)) return value.length ? value.map((item) => shownValue(item)).join(', ') : 'ingen'
  if (typeof value === 'object') {
    const named = (value as { name?: unknown }).name
    if (typeof named === 'string') return named
    return JSON.stringify(value)
  }
  return String(value)
}

/** The changes of an entry as "Felt: før → etter" lines (only "etter" for a new thing). */
export function changeLines(entry: AuditEntry): { field: string; before: string | null; after: string }[] {
  const changes = entry.changes as { before?: Record<string, unknown>; after?: Record<string, unknown> } | null | undefined
  if (!changes) return []
  const before = changes.before ?? {}
  const after = changes.after ?? {}
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const created = Object.keys(before).length === 0
  return keys.map((key) => ({
    field: FIELDS[key] ?? key,
    before: created ? null : shownValue(before[key]),
    after: shownValue(after[key]),
  }))
}
