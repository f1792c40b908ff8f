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
}

/** A kind's word; the filter's list comes from the stored log, so an unknown kind shows as it is. */
export const typeWord = (type: string) => (type in ENTITY_TYPES ? ENTITY_TYPES[type as AuditEntity] : type)
