// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from './api/audit'
import { type Names, tell } from './sentences'
import type { AuditAction } from './words'

const KARI = '0192a0b1-1111-7000-8000-000000000001'
const LEAD = '0192a0b1-2222-7000-8000-000000000002'
const PHOTO = '0192a0b1-3333-7000-8000-000000000003'
const names: Names = { 'kari@firma.no': 'Kari Nordmann', [KARI]: 'Kari Nordmann' }

function entry(action: AuditAction, entity_type: AuditEntry['entity_type'], entity_name: string | null, changes: unknown): AuditEntry {
  return {
    id: '0192a0b1-9999-7000-8000-000000000009',
    created_at: '2026-11-24T09:30:00Z',
    action,
    entity_type,
    entity_id: LEAD,
    entity_name,
    performed_by: 'kari@firma.no',
    changes,
  }
}

// Each action the server writes, with changes shaped as the server writes them: a new
// action without an entry here fails the type check.
const SAMPLES: Record<AuditAction, AuditEntry[]> = {
  create: [
    entry('create', 'leads', 'Per Olsen', { before: {}, after: { name: 'Per Olsen', status: 'Ny', assignee_id: KARI } }),
    entry('create', 'media', 'Nytt bad på Frogner', { before: {}, after: { url: '/media/x.webp', alt: 'Nytt bad på Frogner' } }),
    entry('create', 'visits', null, {
      before: {},
      after: { starts_at: '2027-10-31T08:00:00Z', minutes: 90, staff_name: 'Ola Rørlegger', note: 'Ta med fuktmåler', lead_id: KARI, lead_name: 'Per Olsen', lead_status: 'Avtalt befaring' },
    }),
    entry('create', 'document_links', 'Nytt sikringsskap', { before: {}, after: { name: 'Nytt sikringsskap', expires_at: '2027-02-26T06:09:01.879640Z' } }),
    entry('create', 'document_links', null, { before: { expires_at: '2027-02-26T06:09:01Z' }, after: { expires_at: '2027-02-27T10:00:00Z' } }),
    entry('create', 'declarations', null, { before: {}, after: { caption: 'Varmekabel før flislegging' } }),
    entry('create', 'payments', null, { before: {}, after: { amount: 125050, paid_on: '2026-11-27', invoice: '2026-0007', source: 'manual', status: 'matched', note: 'Vipps' } }),
    entry('create', 'plan_days', null, { before: {}, after: { job_title: 'Nytt bad', people: 'Kari Nordmann, Per Olsen', from: '2026-12-07', to: '2026-12-09', starts_at: '07:30' } }),
    entry('create', 'absences', null, { before: {}, after: { person: 'Per Olsen', day: '2026-12-07', kind: 'ferie' } }),
  ],
  update: [
    entry('update', 'leads', 'Per Olsen', {
      before: { status: 'Ny', assignee_id: null, follow_up: null, email: 'per@a.no', tags: [] },
      after: { status: 'Kontaktet', assignee_id: KARI, follow_up: '2026-12-24', email: null, tags: ['bad'] },
    }),
    entry('update', 'content_items', 'Familien på Nordstrand', {
      before: { title: 'Familien på Nordstrand', example: true, photos: [PHOTO], year: '2023' },
      after: { title: 'Familien Hansen', example: false, photos: [], year: '2024' },
    }),
    entry('update', 'admin_users', 'Eva', { before: { role: 'admin', is_active: true }, after: { role: 'editor', is_active: false } }),
    entry('update', 'services_admin', 'Elbillader', { before: { price_from: 15000 }, after: { price_from: 17500 } }),
    entry('update', 'settings', null, {
      before: { lead_pipeline: [{ name: 'Ny', kind: 'open' }] },
      after: { lead_pipeline: [{ name: 'Ny', kind: 'open' }, { name: 'Vunnet', kind: 'won' }] },
    }),
    entry('update', 'settings', null, { before: { company_name: 'Fagfolk AS' }, after: { company_name: 'Rør & Strøm Oslo AS' } }),
    entry('update', 'privacy', null, { before: { retention_months: null }, after: { retention_months: 24 } }),
    entry('update', 'settings', null, {
      before: {
        founded_year: 2004,
        logo: null,
        claims: { on_call: true, leak_within_hour: true, binding_price: true, warranty_years: 5, free_visit: true, confirmed: false },
      },
      after: {
        founded_year: null,
        logo: PHOTO,
        claims: { on_call: false, leak_within_hour: false, binding_price: true, warranty_years: 3, free_visit: true, confirmed: true },
      },
    }),
    entry('update', 'plan_days', null, { before: { day: '2026-12-08', person: 'Kari Nordmann' }, after: { day: '2026-12-10', person: 'Per Olsen' } }),
  ],
  delete: [
    entry('delete', 'services_admin', 'Anbudstorget', { before: { name: 'Anbudstorget', kind: 'platform' }, after: {} }),
    entry('delete', 'document_links', 'Nytt sikringsskap', { before: { name: 'Nytt sikringsskap', expires_at: '2027-02-26T06:09:01Z' }, after: {} }),
    entry('delete', 'declarations', null, { before: { caption: 'Sikringsskapet åpent' }, after: {} }),
    entry('delete', 'plan_days', null, { before: { job_title: 'Nytt bad', person: 'Kari Nordmann', day: '2026-12-08' }, after: {} }),
    entry('delete', 'absences', null, { before: { person: 'Per Olsen', day: '2026-12-07', kind: 'ferie' }, after: {} }),
  ],
  login: [entry('login', 'admin_users', 'Kari Nordmann', null)],
  logout: [entry('logout', 'admin_users', 'Kari Nordmann', null)],
  password: [entry('password', 'admin_users', 'Eva', null)],
  reorder: [entry('reorder', 'content_items', null, { before: { order: [LEAD, KARI] }, after: { order: [KARI, LEAD] } })],
  clear: [entry('clear', 'audit_logs', null, null)],
  note: [entry('note', 'leads', 'Per Olsen', { before: {}, after: { note: 'Ring torsdag' } })],
  delete_note: [entry('delete_note', 'leads', 'Per Olsen', null)],
  merge: [
    entry('merge', 'leads', 'Per Olsen', {
      before: { email: 'per@a.no', merged_lead: null },
      after: { email: 'per@b.no', merged_lead: { id: KARI, name: 'Per O.', email: 'per@b.no', phone: null } },
    }),
  ],
  lookup: [entry('lookup', 'privacy', null, { before: {}, after: { leads: 2, submissions: 1, notes: 0 } })],
  export: [
    entry('export', 'leads', null, { before: {}, after: { rows: 12, filter: { status: 'Ny', search: true } } }),
    entry('export', 'privacy', null, { before: {}, after: { leads: 1, submissions: 1, notes: 3 } }),
  ],
  erase: [entry('erase', 'privacy', null, { before: {}, after: { leads: 1, submissions: 2, notes: 0, audit_entries: 4 } })],
  send: [
    entry('send', 'quotes', null, {
      before: { status: 'draft' },
      after: { status: 'sent', number: '2026-0042', total: 2840563, customer_email: 'per@a.no', pdf_sha256: 'ab12', lead_status: 'Tilbud sendt' },
    }),
    entry('send', 'plan_notices', null, { before: {}, after: { job_title: 'Nytt bad', to: 'liv@example.no', first: true, days: ['2026-12-07'], changes: [] } }),
    entry('send', 'plan_notices', null, {
      before: {},
      after: { job_title: 'Nytt bad', to: 'liv@example.no', first: false, days: ['2026-12-08'], changes: ['Ikke lenger: mandag 7. desember 2026'] },
    }),
  ],
  revise: [entry('revise', 'quotes', null, { before: { status: 'sent' }, after: { status: 'replaced', new_version: 2, new_id: PHOTO } })],
  withdraw: [entry('withdraw', 'quotes', null, { before: { status: 'sent' }, after: { status: 'withdrawn' } })],
  accept: [
    {
      ...entry('accept', 'quotes', null, {
        before: { status: 'sent' },
        after: { status: 'accepted', number: '2026-0042', accepted_name: 'Per Olsen', pdf_sha256: 'ab12', lead_status: 'Vunnet', early_start: false },
      }),
      performed_by: 'kunde: Per Olsen',
    },
  ],
  decline: [{ ...entry('decline', 'quotes', null, { before: { status: 'sent' }, after: { status: 'declined', decline_reason: 'For dyrt' } }), performed_by: 'kunde: Per Olsen' }],
  cancel: [entry('cancel', 'visits', null, { before: { cancelled: false }, after: { cancelled: true } })],
  sign: [entry('sign', 'declarations', null, { before: { signed_at: null }, after: { signed_at: '2026-11-28T09:00:00Z' } })],
  import: [entry('import', 'payments', null, { before: {}, after: { new: 3, matched: 2, waiting: 1, already: 0, skipped: 0 } })],
  match: [
    entry('match', 'payments', null, {
      before: { invoice: null, status: 'open' },
      after: { invoice: '2026-0008', status: 'matched' },
    }),
  ],
  unmatch: [entry('unmatch', 'payments', null, { before: { invoice: '2026-0007', status: 'matched' }, after: { invoice: null, status: 'open' } })],
  set_aside: [entry('set_aside', 'payments', null, { before: { status: 'open', note: '' }, after: { status: 'set_aside', note: 'Tilbakebetaling' } })],
  remind: [entry('remind', 'invoices', null, { before: {}, after: { invoice: '2026-0007', letter: 'notice', channel: 'post', to: 'Byggmester Hansen AS', fee: 3750, interest: 25622, amount_due: 2583439, pay_by: '2027-01-25' } })],
  approve: [entry('approve', 'time_entries', null, { before: {}, after: { month: '2026-11', month_name: 'november 2026', people: 4, minutes: 38_400 } })],
  reopen: [entry('reopen', 'time_entries', null, { before: { approved_by: 'Kari Kontor' }, after: { month: '2026-11', month_name: 'november 2026' } })],
  anonymize: [{ ...entry('anonymize', 'settings', null, { before: {}, after: { leads: 3, months: 24 } }), performed_by: 'automatisk (sletteregel)' }],
}

describe('the audit log as sentences', () => {
  it('tells every action as a sentence without ids, stored dates, raw keys or JSON', () => {
    for (const [action, entries] of Object.entries(SAMPLES)) {
      for (const sample of entries) {
        const told = tell(sample, names)
        const text = [told.who, told.sentence, ...told.changes].join('\n')
        expect(told.sentence, action).toMatch(/^[a-zæøå].*\.$/)
        expect(text, action).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
        expect(text, action).not.toMatch(/\d{4}-\d{2}-\d{2}/)
        expect(text, action).not.toMatch(/[a-z]+_[a-z]+|[{}[\]"]|\btom\b|undefined|null/)
      }
    }
  })

  it('names who did it and what, and says what changed from what to what', () => {
    const [lead, content, user, service, pipeline, company, retention, promises] = SAMPLES.update.map((sample) => tell(sample, names))
    expect(lead?.who).toBe('Kari Nordmann')
    expect(lead?.sentence).toBe('endret lead-en «Per Olsen».')
    expect(lead?.changes).toEqual([
      'Status fra Ny til Kontaktet',
      'Ansvarlig satt til Kari Nordmann',
      'Oppfølging satt til 24. desember 2026',
      'E-post fjernet (var per@a.no)',
      'Tags satt til bad',
    ])
    expect(content?.changes).toEqual([
      'Tittel fra Familien på Nordstrand til Familien Hansen',
      'Bilder fjernet (var et bilde)',
      'År fra 2023 til 2024',
      'Eksempelteksten er nå firmaets egen',
    ])
    expect(user?.changes).toEqual(['Rolle fra administrator til redaktør', 'Aktiv fra ja til nei'])
    expect(service?.changes).toEqual(['Pris fra 15\u00a0000 kr til 17\u00a0500 kr'])
    expect(pipeline?.sentence).toBe('endret lead-pipelinen.')
    expect(pipeline?.changes).toEqual(['Statuser fra Ny (åpen) til Ny (åpen), Vunnet (vunnet)'])
    expect(company?.sentence).toBe('endret firmaopplysningene.')
    expect(retention?.changes).toEqual(['Sletteregel satt til 24 måneder'])
    expect(promises?.changes).toEqual([
      'Grunnlagt fjernet (var 2004)',
      'Logo satt til et bilde',
      'Døgnvakt 24/7 fra ja til nei',
      'Oppmøte innen en time ved lekkasje fra ja til nei',
      'Garanti (år) fra 5 til 3',
      'Løftene bekreftet fra nei til ja',
    ])

    const deleted = tell(SAMPLES.delete[0]!, names)
    expect(deleted.sentence).toBe('slettet tjenesten «Anbudstorget».')
    expect(deleted.changes).toEqual([])
    expect(tell(SAMPLES.merge[0]!, names).sentence).toBe('slo sammen «Per O.» inn i lead-en «Per Olsen».')
    expect(tell(SAMPLES.lookup[0]!, names).sentence).toBe('slo opp personopplysninger (innsyn) og fant 2 leads, 1 henvendelse og 0 notater.')
    expect(tell(SAMPLES.export[0]!, names).sentence).toBe('eksporterte 12 leads til CSV (med et søk).')
    expect(tell(SAMPLES.sign[0]!, names).sentence).toBe('signerte samsvarserklæringen.')
    expect(tell(SAMPLES.create[6]!, names).sentence).toBe('registrerte en innbetaling på faktura 2026-0007.')
    expect(tell(SAMPLES.import[0]!, names).sentence).toBe('importerte en bankfil: 3 nye innbetalinger, 2 ført på fakturaer, 1 venter på avklaring.')
    const matched = tell(SAMPLES.match[0]!, names)
    expect(matched.sentence).toBe('førte innbetalingen på faktura 2026-0008.')
    expect(matched.changes).toEqual(['Faktura satt til 2026-0008', 'Status fra venter på avklaring til ført på faktura'])
    expect(tell(SAMPLES.unmatch[0]!, names).sentence).toBe('tok innbetalingen av fakturaen; den venter på avklaring.')
    expect(tell(SAMPLES.set_aside[0]!, names).changes).toEqual(['Status fra venter på avklaring til satt til side', 'Notat satt til Tilbakebetaling'])
    const reminded = tell(SAMPLES.remind[0]!, names)
    expect(reminded.sentence).toBe('sendte inkassovarsel på faktura 2026-0007 i posten.')
    // The customer told of the plan (#63), first and after a change.
    expect(tell(SAMPLES.send[1]!, names).sentence).toBe('sendte planen for «Nytt bad» til kunden.')
    expect(tell(SAMPLES.send[2]!, names).sentence).toBe('sendte den endrede planen for «Nytt bad» til kunden.')
    expect(tell(SAMPLES.send[1]!, names).changes).toEqual([])
    // The plan (#63): who was planned where and when, moved, removed; a day away.
    expect(tell(SAMPLES.create[7]!, names).sentence).toBe('planla Kari Nordmann, Per Olsen på oppdraget «Nytt bad» 7. desember 2026–9. desember 2026.')
    expect(tell(SAMPLES.create[8]!, names).sentence).toBe('førte ferie for Per Olsen 7. desember 2026.')
    const moved = tell(SAMPLES.update.at(-1)!, names)
    expect(moved.sentence).toBe('flyttet en planlagt dag.')
    expect(moved.changes).toEqual(['Dag fra 8. desember 2026 til 10. desember 2026', 'Person fra Kari Nordmann til Per Olsen'])
    expect(tell(SAMPLES.delete[3]!, names).sentence).toBe('fjernet en planlagt dag fra planen.')
    expect(tell(SAMPLES.delete[4]!, names).sentence).toBe('fjernet et fravær fra planen.')
    expect(tell(SAMPLES.anonymize[0]!, names).who).toBe('automatisk (sletteregel)')
    expect(tell({ ...SAMPLES.login[0]!, performed_by: 'borte@firma.no' }, names).who).toBe('borte@firma.no')
  })
})
