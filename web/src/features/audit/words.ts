import type { components } from '@/lib/api-schema'

/** What the server's log can say was done, and about what (enums in the OpenAPI document).
 * Each action's sentence is in `sentences.ts`. */
export type AuditAction = components['schemas']['AuditAction']
export type AuditEntity = components['schemas']['AuditEntity']

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
  quotes: 'Tilbud',
  visits: 'Befaring',
  calendar_feeds: 'Kalenderlenke',
  jobs: 'Oppdrag',
  time_entries: 'Timeføring',
  job_materials: 'Materiell',
  job_contacts: 'Kundekontakt (§ 7)',
  invoices: 'Faktura',
  declarations: 'Samsvarserklæring',
  document_links: 'Dokumentlenke',
  payments: 'Innbetaling',
  plan_days: 'Planlagt dag',
  absences: 'Fravær',
  plan_notices: 'Plan til kunden',
}

/** A kind's word; the filter's list comes from the stored log, so an unknown kind shows as it is. */
export const typeWord = (type: string) => (type in ENTITY_TYPES ? ENTITY_TYPES[type as AuditEntity] : type)

/** What was done, as the log table's "Handling" column says it: a past-tense word or
 * two. Every action the server has, or the build fails. The whole sentence, with who did
 * it to what, is in `sentences.ts`. */
export const ACTION_WORDS: Record<AuditAction, string> = {
  create: 'opprettet',
  update: 'endret',
  delete: 'slettet',
  login: 'logget inn',
  logout: 'logget ut',
  password: 'endret passord',
  reorder: 'endret rekkefølge',
  clear: 'tømte',
  note: 'la til notat',
  delete_note: 'slettet notat',
  merge: 'slo sammen',
  lookup: 'slo opp (innsyn)',
  export: 'eksporterte',
  erase: 'slettet personopplysninger',
  anonymize: 'anonymiserte',
  send: 'sendte',
  revise: 'ny versjon',
  withdraw: 'trakk tilbake',
  accept: 'aksepterte',
  decline: 'avslo',
  cancel: 'avlyste',
  sign: 'signerte',
  import: 'importerte',
  match: 'førte på faktura',
  unmatch: 'tok av faktura',
  set_aside: 'satte til side',
  remind: 'purret',
  approve: 'godkjente timer',
  reopen: 'åpnet timer igjen',
}

/** An action's word; one the server added after this build shows as it is. */
export const actionWord = (action: string) => (action in ACTION_WORDS ? ACTION_WORDS[action as AuditAction] : action)
