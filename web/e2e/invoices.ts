import { expect, type Page } from '@playwright/test'
import { createLead } from './admin'

// What the invoicing tests start from (e2e/invoicing.spec.ts, e2e/payments.spec.ts): the
// firm's invoicing settings, a business customer's accepted job, a job done and invoiced,
// and the bank's camt.054 file of incoming payments.

export const headers = { 'X-Fagfolk-Csrf': '1' }

/** Innstillinger as an invoice needs them: org.nr with its check digit, an account. */
export async function firmCanInvoice(page: Page) {
  const settings = (await (await page.request.get('/api/admin/settings')).json()) as Record<string, unknown>
  const saved = await page.request.put('/api/admin/settings', {
    data: {
      ...settings,
      company_name: 'Fagfolk Oslo AS',
      orgnr: '923 456 783',
      adresse: 'Storgata 1, 0155 Oslo',
      invoicing: { account_number: '1234.56.78903', vat_registered: true, payment_days: 14, kid: true },
      declaration_defaults: { ...(settings.declaration_defaults as object), registration: '987 654 325' },
    },
    headers,
  })
  expect(saved.status()).toBe(200)
}

/** A business customer's accepted fixed-price quote and the job made of it: the job's id and
 * the customer's link. */
export async function acceptedJob(page: Page): Promise<{ job: string; link: string }> {
  const lead = await createLead(page, { name: 'Åse Ødegård', email: 'ase@example.no', adresse: 'Kjelsåsveien 12', postnr: '0488' })
  const lines = [
    { description: 'Nytt sikringsskap med jordfeilbrytere', quantity: 100, unit: 'stk', unit_price: 1_000_000, vat: 25 },
    { description: 'Elektriker', quantity: 600, unit: 'time', unit_price: 95_000, vat: 25 },
  ]
  const made = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, {
    data: { customer_kind: 'business', customer_company: 'Byggmester Hansen AS', org_nr: '987 654 325', customer_address: 'Kjelsåsveien 12, 0488 Oslo', lines, price_type: 'fixed' },
    headers,
  })
  expect(made.status()).toBe(201)
  const quote = (await made.json()) as { id: string }
  const sent = await page.request.post(`/api/admin/quotes/${quote.id}/send`, { headers })
  const link = new URL(((await sent.json()) as { link: string }).link).pathname
  const answer = await page.request.post(link, {
    form: { handling: 'aksepter', versjon: '1', navn: 'Åse Ødegård', lest: 'on' },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(303)
  const job = await page.request.post(`/api/admin/quotes/${quote.id}/job`, { data: {}, headers })
  expect(job.status()).toBe(201)
  return { job: ((await job.json()) as { id: string }).id, link }
}

/** A job of `acceptedJob` set to «Ferdig» and invoiced: the invoice's id, number, total and KID. */
export async function invoicedJob(page: Page): Promise<{ id: string; number: string; total: number; kid: string; link: string }> {
  const { job, link } = await acceptedJob(page)
  expect((await page.request.put(`/api/admin/jobs/${job}`, { data: { status: 'done' }, headers })).status()).toBe(200)
  const made = await page.request.post(`/api/admin/jobs/${job}/invoices`, { data: {}, headers })
  expect(made.status()).toBe(201)
  const invoice = (await made.json()) as { id: string; number: string; total: number }
  const account = (await (await page.request.get(`/api/admin/invoices/${invoice.id}/payments`)).json()) as { kid: string }
  return { ...invoice, kid: account.kid, link }
}

/** A bank's camt.054 file (version 2) of one booked entry on `day` with these payments,
 * as tests/api/fixtures/camt.rs writes it (and the API tests check against the schema). */
export function bankFile(day: string, payments: { reference: string; ore: number; kid?: string; message?: string; payer: string }[]): string {
  const amount = (ore: number) => `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`
  const total = payments.reduce((sum, payment) => sum + payment.ore, 0)
  const transactions = payments
    .map(
      (payment) =>
        `<TxDtls><Refs><AcctSvcrRef>${payment.reference}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="NOK">${amount(payment.ore)}</Amt></TxAmt></AmtDtls>` +
        `<RltdPties><Dbtr><Nm>${payment.payer}</Nm></Dbtr></RltdPties><RmtInf>${payment.message ? `<Ustrd>${payment.message}</Ustrd>` : ''}` +
        `${payment.kid ? `<Strd><CdtrRefInf><Ref>${payment.kid}</Ref></CdtrRefInf></Strd>` : ''}</RmtInf></TxDtls>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>KID-${day}</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N-${day}</Id><CreDtTm>${day}T06:00:00</CreDtTm><Acct><Id><Othr><Id>12345678903</Id></Othr></Id><Ccy>NOK</Ccy></Acct>
<Ntry><Amt Ccy="NOK">${amount(total)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>E-${day}</AcctSvcrRef><BkTxCd/>
<NtryDtls>${transactions}</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>
`
}
