import { formatDay } from '@/lib/format'
import type { AuditEntry } from './api/audit'
import type { AuditAction, AuditEntity } from './words'

/** Names of what entries refer to by id or address (`AuditLogPage.names` from the server). */
export type Names = Record<string, string>

/** An entry told as a person would: who, a sentence, and what changed, line by line. */
export type Told = { who: string; sentence: string; changes: string[] }

/** What each kind of thing is called in a sentence, with the item's name after it. */
const THE: Record<AuditEntity, string> = {
  leads: 'lead-en',
  services_admin: 'tjenesten',
  categories: 'kategorien',
  content_items: 'innholdet',
  media: 'bildet',
  admin_users: 'brukeren',
  settings: 'innstillingene',
  audit_logs: 'loggen',
  privacy: 'personvernet',
  quotes: 'tilbudet',
  visits: 'befaringen',
  calendar_feeds: 'kalenderlenken',
  jobs: 'oppdraget',
  time_entries: 'timeføringen',
  job_materials: 'materiellet',
  job_contacts: 'kundekontakten',
  invoices: 'fakturaen',
  declarations: 'samsvarserklæringen',
  document_links: 'dokumentlenken til oppdraget',
  payments: 'innbetalingen',
  plan_days: 'den planlagte dagen',
  absences: 'fraværet',
  plan_notices: 'planen',
}

const ABSENT: Record<string, string> = { ferie: 'ferie', syk: 'sykdom', kurs: 'kurs' }

/** The sentence of each action, from who did it, the thing ("lead-en «Kari»") and the
 * entry's changes. Every action the server has, or the build fails. */
export const SENTENCES: Record<AuditAction, (thing: string, after: Fields, entry: AuditEntry) => string> = {
  create: (thing, after, entry) => {
    if (entry.entity_type === 'media') return `lastet opp ${thing}`
    if (entry.entity_type === 'declarations' && 'caption' in after) return 'la til et bilde på samsvarserklæringen'
    if (entry.entity_type === 'payments') return `registrerte en innbetaling${typeof after.invoice === 'string' ? ` på faktura ${after.invoice}` : ''}`
    if (entry.entity_type === 'plan_days') {
      const span = after.from === after.to ? dayOf(after.from) : `${dayOf(after.from)}–${dayOf(after.to)}`
      return `planla ${String(after.people ?? 'noen')} på oppdraget «${String(after.job_title ?? '')}» ${span}`
    }
    if (entry.entity_type === 'absences') {
      const span = after.to && after.to !== after.day ? `${dayOf(after.day)}–${dayOf(after.to)}` : dayOf(after.day)
      return `førte ${ABSENT[String(after.kind)] ?? 'fravær'} for ${String(after.person ?? 'en person')} ${span}`
    }
    return `opprettet ${thing}`
  },
  update: (thing, after, entry) => {
    if (entry.entity_type === 'privacy') return 'endret sletteregelen'
    if (entry.entity_type === 'settings') return 'lead_pipeline' in after ? 'endret lead-pipelinen' : 'endret firmaopplysningene'
    if (entry.entity_type === 'plan_days') return 'flyttet en planlagt dag'
    return `endret ${thing}`
  },
  // A declaration is never deleted: what goes is one of its photos.
  delete: (thing, _after, entry) => {
    if (entry.entity_type === 'declarations') return 'fjernet et bilde fra samsvarserklæringen'
    if (entry.entity_type === 'plan_days') return 'fjernet en planlagt dag fra planen'
    if (entry.entity_type === 'absences') return 'fjernet et fravær fra planen'
    return `slettet ${thing}`
  },
  login: () => 'logget inn',
  logout: () => 'logget ut',
  password: (_thing, _after, entry) => `endret passordet til ${quoted(entry.entity_name) ?? 'en bruker'}`,
  reorder: () => 'endret rekkefølgen på innholdet',
  clear: () => 'tømte loggen',
  note: (thing) => `la til et notat på ${thing}`,
  delete_note: (thing) => `slettet et notat på ${thing}`,
  merge: (thing, after) => {
    const merged = (after.merged_lead as { name?: unknown } | undefined)?.name
    return `slo sammen ${quoted(typeof merged === 'string' ? merged : null) ?? 'en annen lead'} inn i ${thing}`
  },
  lookup: (_thing, after) => `slo opp personopplysninger (innsyn) og fant ${found(after)}`,
  export: (_thing, after, entry) =>
    entry.entity_type === 'leads'
      ? `eksporterte ${count(after.rows, 'lead', 'leads')} til CSV${(after.filter as { search?: unknown } | undefined)?.search ? ' (med et søk)' : ''}`
      : `lastet ned personopplysninger (innsyn) som fil: ${found(after)}`,
  send: (thing, after, entry) => {
    if (entry.entity_type === 'plan_notices') {
      const plan = after.first === false ? 'den endrede planen' : 'planen'
      return `sendte ${plan} for «${String(after.job_title ?? '')}» til kunden`
    }
    return `sendte ${thing} til kunden`
  },
  revise: (thing, after) => `laget versjon ${String(after.new_version ?? 2)} av ${thing}`,
  withdraw: (thing) => `trakk tilbake ${thing}`,
  accept: (thing, after) => `aksepterte ${thing}${typeof after.number === 'string' ? ` (${after.number})` : ''}`,
  decline: (thing) => `avslo ${thing}`,
  cancel: (thing) => `avlyste ${thing}`,
  sign: (thing) => `signerte ${thing}`,
  import: (_thing, after) =>
    `importerte en bankfil: ${count(after.new, 'ny innbetaling', 'nye innbetalinger')}, ${count(after.matched, 'ført på en faktura', 'ført på fakturaer')}, ${count(after.waiting, 'venter', 'venter')} på avklaring`,
  match: (thing, after) => `førte ${thing}${typeof after.invoice === 'string' ? ` på faktura ${after.invoice}` : ' på en faktura'}`,
  unmatch: (thing) => `tok ${thing} av fakturaen; den venter på avklaring`,
  set_aside: (thing) => `satte ${thing} til side som ikke en fakturabetaling`,
  remind: (_thing, after) =>
    `sendte ${after.letter === 'notice' ? 'inkassovarsel' : 'purring'} på faktura ${typeof after.invoice === 'string' ? after.invoice : ''}${after.channel === 'post' ? ' i posten' : ' på e-post'}`.replace('  ', ' '),
  approve: (_thing, after) => `godkjente timene for ${typeof after.month_name === 'string' ? after.month_name : 'en måned'}`,
  reopen: (_thing, after) => `åpnet timene for ${typeof after.month_name === 'string' ? after.month_name : 'en måned'} igjen`,
  erase: (_thing, after) => `slettet personopplysninger: ${found(after)}`,
  anonymize: (_thing, after) =>
    `anonymiserte ${count(after.leads, 'vunnet eller tapt lead', 'vunne og tapte leads')} som ikke var endret på ${count(after.months, 'måned', 'måneder')}`,
}

/** The fields of the changes, by their key: every key the server writes. */
const FIELDS: Record<string, string> = {
  name: 'navn',
  email: 'e-post',
  phone: 'telefon',
  status: 'status',
  kilde: 'kilde',
  beskrivelse: 'beskrivelse',
  description: 'beskrivelse',
  adresse: 'adresse',
  postnr: 'postnummer',
  tags: 'tags',
  follow_up: 'oppfølging',
  assignee_id: 'ansvarlig',
  duplicate_of: 'mulig duplikat av',
  price_from: 'pris',
  category: 'kategori',
  category_id: 'kategori',
  is_active: 'aktiv',
  role: 'rolle',
  alt: 'alternativ tekst',
  url: 'adresse',
  company_name: 'firmanavn',
  orgnr: 'organisasjonsnummer',
  global_phone_primary: 'hovednummer',
  global_phone_extra: 'ekstra telefoner',
  founded_year: 'grunnlagt',
  logo: 'logo',
  claims: 'løfter',
  lead_pipeline: 'statuser',
  retention_months: 'sletteregel',
  hidden: 'skjult på nettstedet',
  title: 'tittel',
  place: 'sted',
  year: 'år',
  type: 'type arbeid',
  highlights: 'høydepunkter',
  photo: 'bilde',
  photos: 'bilder',
  pages: 'vises på',
  group: 'vises på',
  rating: 'vurdering',
  service: 'tjeneste',
  text: 'tekst',
  label: 'tekst',
  value: 'tall',
  order: 'rekkefølge',
  number: 'tilbudsnummer',
  quote_defaults: 'tilbudenes standard',
  customer_name: 'kunde',
  customer_email: 'kundens e-post',
  customer_kind: 'kundetype',
  price_type: 'pristype',
  valid_until: 'gyldig til',
  total: 'totalt (øre)',
  lines: 'linjer',
  lead_status: 'lead-status',
  accepted_name: 'akseptert av',
  agreed_how: 'avtalt',
  agreed_note: 'hva som ble avtalt',
  early_start: 'oppstart før angrefristen',
  decline_reason: 'grunn',
  new_version: 'ny versjon',
  pdf_sha256: 'PDF (SHA-256)',
  starts_at: 'tidspunkt',
  minutes: 'varighet (minutter)',
  staff_name: 'hvem som drar',
  note: 'notat',
  lead_name: 'kunde',
  cancelled: 'avlyst',
  expires_at: 'virker til',
  caption: 'bildetekst',
  amount: 'beløp',
  paid_on: 'betalt',
  invoice: 'faktura',
  source: 'kilde',
  bank_ref: 'bankens referanse',
  kid: 'KID',
  payer: 'betaler',
  job_title: 'oppdrag',
  person: 'person',
  people: 'personer',
  day: 'dag',
  from: 'fra',
  to: 'til',
}

/** The actions whose entry lists what changed, line by line (the others' sentence says it). */
const CHANGES_SHOWN = new Set<AuditAction>(['update', 'merge', 'match', 'unmatch', 'set_aside'])

/** Keys that say how a thing is stored rather than what it is: never shown. */
const QUIET = new Set(['lead_id', 'new_id', 'kind', 'position', 'merged_lead', 'example', 'id', 'filter', 'rows', 'leads', 'submissions', 'notes', 'audit_entries', 'months', 'order', 'new', 'matched', 'waiting', 'already', 'skipped', 'job_id', 'user_id'])

/** The promises (Innstillinger, `claims`), each told as its own change. */
const CLAIMS: Record<string, string> = {
  on_call: 'døgnvakt 24/7',
  leak_within_hour: 'oppmøte innen en time ved lekkasje',
  binding_price: 'bindende pris før oppstart',
  warranty_years: 'garanti (år)',
  free_visit: 'gratis befaring',
  confirmed: 'løftene bekreftet',
}

const VALUES: Record<string, Record<string, string>> = {
  role: { admin: 'administrator', editor: 'redaktør' },
  kind: { open: 'åpen', won: 'vunnet', lost: 'tapt' },
  source: { manual: 'registrert for hånd', bank: 'fra banken' },
  status: { matched: 'ført på faktura', open: 'venter på avklaring', set_aside: 'satt til side' },
}

type Fields = Record<string, unknown>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A day the server wrote as `2026-12-01`, as the log reads it; anything else as it is. */
function dayOf(value: unknown): string {
  return typeof value === 'string' && DAY.test(value) ? formatDay(value) : String(value ?? '')
}

function quoted(name: string | null | undefined): string | null {
  return name ? `«${name}»` : null
}

function count(value: unknown, one: string, many: string): string {
  const n = typeof value === 'number' ? value : 0
  return `${n} ${n === 1 ? one : many}`
}

/** "2 leads, 1 henvendelse og 0 notater". */
function found(after: Fields): string {
  return `${count(after.leads, 'lead', 'leads')}, ${count(after.submissions, 'henvendelse', 'henvendelser')} og ${count(after.notes, 'notat', 'notater')}`
}

/** A value as words: "ingen" for nothing, ja/nei, names for ids, Norwegian dates. */
export function shown(value: unknown, key: string, names: Names): string {
  if (value === null || value === undefined || value === '') return 'ingen'
  if (typeof value === 'boolean') return value ? 'ja' : 'nei'
  if (Array.isArray(value)) return value.length ? value.map((item) => shown(item, key, names)).join(', ') : 'ingen'
  if (typeof value === 'object') {
    const named = (value as { name?: unknown }).name
    if (typeof named === 'string') {
      const kind = (value as { kind?: unknown }).kind
      return typeof kind === 'string' && VALUES.kind?.[kind] ? `${named} (${VALUES.kind[kind]})` : named
    }
    return 'endret'
  }
  const text = String(value)
  if (UUID.test(text)) return names[text] ?? (['photo', 'photos', 'logo'].includes(key) ? 'et bilde' : 'en som er slettet')
  if (DAY.test(text)) return formatDay(text)
  if (key === 'price_from' && typeof value === 'number') return `${value.toLocaleString('nb-NO')} kr`
  if (key === 'retention_months' && typeof value === 'number') return `${value} måneder`
  if (key === 'amount' && typeof value === 'number') return `${(value / 100).toLocaleString('nb-NO', { minimumFractionDigits: 2 })} kr`
  return VALUES[key]?.[text] ?? text
}

/** "status fra Ny til Kontaktet", "ansvarlig satt til Kari", "e-post fjernet (var x)". */
function changeLine(key: string, before: unknown, after: unknown, names: Names): string | null {
  const label = FIELDS[key]
  if (!label || QUIET.has(key)) return null
  const was = shown(before, key, names)
  const now = shown(after, key, names)
  if (was === now) return null
  if (was === 'ingen') return `${capital(label)} satt til ${now}`
  if (now === 'ingen') return `${capital(label)} fjernet (var ${was})`
  return `${capital(label)} fra ${was} til ${now}`
}

/** "Døgnvakt 24/7 fra ja til nei", one line per promise that changed. */
function claimLines(before: unknown, after: unknown): string[] {
  const was = (before ?? {}) as Fields
  const now = (after ?? {}) as Fields
  return Object.keys(CLAIMS).flatMap((key) => {
    const from = shown(was[key], key, {})
    const to = shown(now[key], key, {})
    return from === to ? [] : [`${capital(CLAIMS[key] as string)} fra ${from} til ${to}`]
  })
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Tells an entry as a sentence: "Kari Nordmann endret lead-en «Per Olsen»." with the
 * changes under it, names instead of ids, Norwegian dates, nothing raw. A creation or a
 * deletion is the sentence alone: the item's name says what it was.
 */
export function tell(entry: AuditEntry, names: Names): Told {
  const who = entry.performed_by ? (names[entry.performed_by] ?? entry.performed_by) : 'Systemet'
  const changes = (entry.changes ?? null) as { before?: Fields; after?: Fields } | null
  const before = changes?.before ?? {}
  const after = changes?.after ?? {}
  const thing = quoted(entry.entity_name) ? `${THE[entry.entity_type]} ${quoted(entry.entity_name)}` : THE[entry.entity_type]
  const sentence = `${SENTENCES[entry.action](thing, after, entry)}.`
  const lines: string[] = []
  if (CHANGES_SHOWN.has(entry.action)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (key === 'claims') {
        lines.push(...claimLines(before.claims, after.claims))
        continue
      }
      if (key === 'quote_defaults') {
        const was = (before.quote_defaults ?? {}) as Fields
        const now = (after.quote_defaults ?? {}) as Fields
        if (was.valid_days !== now.valid_days) lines.push(`Tilbud gjelder i ${shown(now.valid_days, key, names)} dager (var ${shown(was.valid_days, key, names)})`)
        if (was.terms !== now.terms) lines.push('Standardvilkårene for tilbud er endret')
        continue
      }
      const line = changeLine(key, before[key], after[key], names)
      if (line) lines.push(line)
    }
    if (before.example === true && after.example === false) lines.push('Eksempelteksten er nå firmaets egen')
  }
  return { who, sentence, changes: lines }
}
