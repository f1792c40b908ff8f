// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { PersonData } from './api/privacy'
import { summaryHtml } from './summary'

const LEAD = '01a20c00-0000-7000-8000-000000000001'

const data = {
  person: 'kari@example.no',
  exported_at: '2026-11-24T13:05:00Z',
  leads: [
    {
      id: LEAD,
      name: 'Kari <Nordmann>',
      email: 'kari@example.no',
      phone: '912 34 567',
      status: 'Kontaktet',
      kilde: 'Web',
      beskrivelse: 'Nytt bad',
      adresse: 'Storgata 1',
      postnr: '0155',
      tags: [],
      follow_up: '2026-12-24',
      assignee_id: null,
      duplicate_of: null,
      other_contacts: [{ kind: 'email', value: 'kari.ny@example.no' }],
      created_at: '2026-11-01T08:00:00Z',
      updated_at: '2026-11-20T09:30:00Z',
    },
  ],
  notes: [{ id: 'n1', lead_id: LEAD, author_id: null, author_name: 'Ola', body: 'Ringte.', created_at: '2026-11-02T10:00:00Z' }],
  submissions: [],
  emails: [],
  audit: [{ id: 'a1' }],
  jobs: [
    {
      id: 'j1',
      title: 'Nytt sikringsskap',
      customer_name: 'Kari <Nordmann>',
      customer_address: 'Storgata 1, 0155',
      start_day: '2026-12-01',
      end_day: null,
      created_at: '2026-11-21T09:00:00Z',
    },
  ],
} as unknown as PersonData

describe('summaryHtml', () => {
  it('tells what is stored in Norwegian, with Norwegian dates and without ids or field names', () => {
    const html = summaryHtml(data, 'Rør & Strøm Oslo AS')
    expect(html).toContain('<title>Personopplysninger hos Rør &amp; Strøm Oslo AS</title>')
    expect(html).toContain('Kari &lt;Nordmann&gt;')
    expect(html).toContain('<dt>Oppfølging</dt><dd>24. desember 2026</dd>')
    expect(html).toContain('kari.ny@example.no')
    expect(html).toContain('Ingen meldinger.')
    expect(html).toContain('Loggen har 1 oppføring')
    expect(html).toContain('<h3>Nytt sikringsskap</h3>')
    expect(html).toContain('<dt>Fra</dt><dd>1. desember 2026</dd>')
    expect(html).toContain('oppbevares i 10 år som regnskapsmateriale')
    expect(html).toMatch(/hentet 24\.11\.2026, 14:05/)
    expect(html).not.toContain(LEAD)
    expect(html).not.toMatch(/created_at|follow_up|other_contacts|2026-11-/)
  })
})
