import { signIn } from './admin'
import { seriousViolations } from './axe'
import { bankFile, firmCanInvoice, invoicedJob } from './invoices'
import { expect, test } from './server'
import { osloDay } from './days'

// Money in (#61): the office at 1280 px finds an invoice by its number on «Fakturaer»,
// imports the bank's camt.054 file (one payment by KID, one without anything the matching
// can read), books the waiting one on its invoice by number, and registers a part payment
// by hand on a third invoice; the list then says what is paid and what is left. At 375 px
// the list and an invoice read without sideways scrolling. Screenshots are kept.

test('the office finds an invoice by number, imports a bank file, resolves the payment that waits, and registers one by hand; the customer sees the balance go to zero', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await firmCanInvoice(page)
  const first = await invoicedJob(page)
  const second = await invoicedJob(page)
  const third = await invoicedJob(page)

  await page.getByRole('link', { name: 'Fakturaer' }).first().click()
  await expect(page.getByRole('heading', { name: 'Fakturaer', level: 1 })).toBeVisible()
  await expect(page.locator('[data-invoice-row]')).toHaveCount(3)
  await page.getByLabel('Søk').fill(second.number)
  await expect(page.locator('[data-invoice-row]')).toHaveCount(1)
  await expect(page.locator(`[data-invoice-row="${second.number}"]`)).toContainText('Byggmester Hansen AS')
  await expect(page.locator(`[data-invoice-row="${second.number}"] [data-invoice-state]`)).toHaveText('Ikke forfalt')
  await page.getByLabel('Søk').fill('')
  await expect(page.locator('[data-invoice-row]')).toHaveCount(3)

  // The bank's file: the first invoice paid by its KID, the second's money without a KID
  // or a number the matching can read.
  const day = osloDay()
  const file = bankFile(day, [
    { reference: 'E2E-1', ore: first.total, kid: first.kid, payer: 'Byggmester Hansen AS' },
    { reference: 'E2E-2', ore: second.total, message: 'Betaling for sikringsskap', payer: 'Hansen Eiendom' },
  ])
  await page.getByLabel('Importer bankfil (camt.054)').setInputFiles({ name: 'innbetalinger.xml', mimeType: 'application/xml', buffer: Buffer.from(file) })
  await expect(page.getByRole('status').filter({ hasText: /^2 nye innbetalinger: 1 ført på fakturaer, 1 venter på avklaring\.$/ })).toBeVisible()
  await expect(page.locator(`[data-invoice-row="${first.number}"] [data-invoice-state]`)).toHaveText('Betalt')
  const waiting = page.locator('[data-waiting-payment="E2E-2"]')
  await expect(waiting).toContainText('Fant ingen faktura')
  await page.screenshot({ path: info.outputPath('fakturaer-til-avklaring-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // The same file again changes nothing.
  await page.getByLabel('Importer bankfil (camt.054)').setInputFiles({ name: 'innbetalinger.xml', mimeType: 'application/xml', buffer: Buffer.from(file) })
  await expect(page.getByRole('status').filter({ hasText: /^Ingen nye innbetalinger: 2 var importert før\.$/ })).toBeVisible()

  // A file that is not the bank's: refused whole, in Norwegian.
  await page.getByLabel('Importer bankfil (camt.054)').setInputFiles({ name: 'feil.xml', mimeType: 'application/xml', buffer: Buffer.from('<Invoice/>') })
  await expect(page.getByRole('alert').filter({ hasText: 'Filen er ikke en camt.054-fil' })).toContainText('Ingenting ble importert.')

  // The office books the waiting payment on the second invoice by its number.
  await waiting.getByLabel('Fakturanummer').fill(second.number)
  await waiting.getByRole('button', { name: 'Før på faktura' }).click()
  await expect(page.getByText(`Innbetalingen er ført på faktura ${second.number}`)).toBeVisible()
  await expect(page.getByText('Ingen innbetalinger venter på avklaring.')).toBeVisible()
  await expect(page.locator(`[data-invoice-row="${second.number}"] [data-invoice-state]`)).toHaveText('Betalt')

  // A part payment by hand on the third: partly paid, and the rest is what is outstanding.
  await page.locator(`[data-invoice-row="${third.number}"]`).getByRole('link').click()
  await expect(page.getByRole('heading', { name: `Faktura ${third.number}`, level: 1 })).toBeVisible()
  await expect(page.getByText(`Kunden betaler med KID ${third.kid}.`)).toBeVisible()
  await page.getByLabel('Beløp (kr)').fill('5000')
  await page.getByLabel('Notat (valgfritt)').fill('Vipps')
  await page.getByRole('button', { name: 'Registrer' }).click()
  await expect(page.getByText('Innbetalingen er registrert')).toBeVisible()
  await expect(page.locator('[data-invoice-state]')).toHaveText('Delvis betalt')
  const rest = third.total - 500_000
  const kroner = (ore: number) => `${Math.floor(ore / 100).toLocaleString('nb-NO')},${String(ore % 100).padStart(2, '0')}\u00a0kr`.replace(/\s/g, '\u00a0')
  await expect(page.locator('[data-outstanding]')).toHaveText(kroner(rest))
  await page.screenshot({ path: info.outputPath('faktura-delvis-betalt-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Alle fakturaer' }).click()
  await expect(page.locator('[data-outstanding-sum]')).toContainText(kroner(rest))
  await page.getByLabel('Status').selectOption('paid')
  await expect(page.locator('[data-invoice-row]')).toHaveCount(2)

  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByLabel('Status').selectOption('')
  await expect(page.locator('[data-invoice-card]')).toHaveCount(3)
  await expect(page.locator(`[data-invoice-card="${third.number}"]`)).toContainText('Delvis betalt')
  await expect(page.locator('[data-invoice-row]').first()).toBeHidden()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: info.outputPath('fakturaer-375.png'), fullPage: true })

  // The customer of the third, on a phone: what is left, to which account with which KID;
  // the office registers the rest, and the page says it is paid.
  const customer = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage()
  await customer.goto(third.link)
  const owed = customer.getByRole('region', { name: 'Til betaling' })
  await expect(owed.locator('[data-outstanding]')).toHaveText(kroner(rest))
  await expect(owed).toContainText(third.kid)
  await expect(owed).toContainText('1234.56.78903')
  await customer.screenshot({ path: info.outputPath('kunde-til-betaling-375.png'), fullPage: true })
  expect(await seriousViolations(customer)).toEqual([])
  const today = osloDay()
  const paid = await page.request.post(`/api/admin/invoices/${third.id}/payments`, { data: { paid_on: today, amount: rest }, headers: { 'X-Fagfolk-Csrf': '1' } })
  expect(paid.status()).toBe(201)
  await customer.reload()
  await expect(customer.getByRole('region', { name: 'Fakturaen er betalt' })).toContainText(`Faktura ${third.number} er betalt.`)
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await customer.screenshot({ path: info.outputPath('kunde-betalt-375.png'), fullPage: true })
})
