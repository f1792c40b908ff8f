import { execFileSync } from 'node:child_process'
import type { Browser, Page } from '@playwright/test'
import { createLead, signIn } from './admin'
import { expect, test } from './server'
import { seriousViolations } from './axe'

// Quotes (#26): staff make a quote from a lead with three lines from the catalogue and
// one written freely, and send it (1280 px); the customer opens the link on a phone
// (375 px) and accepts; the lead is won in the table and on the board. A declined quote
// and an expired one say so in Norwegian.

/** The customer, on a phone, with nobody signed in. */
async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })
  return context.newPage()
}

/** What axe finds serious or critical (WCAG 2.1 A and AA), as in a11y.spec.ts. */
/** Sends a quote of a new lead through the API and answers the customer's link. */
async function sentQuote(page: Page, name: string): Promise<{ id: string; link: string }> {
  const lead = await createLead(page, { name, email: 'kunde@example.no' })
  const headers = { 'X-Fagfolk-Csrf': '1' }
  const line = { description: 'Bytte av sikringsskap', quantity: 100, unit: 'stk', unit_price: 1_450_000, vat: 25 }
  const made = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: { lines: [line] }, headers })
  expect(made.status()).toBe(201)
  const quote = (await made.json()) as { id: string }
  const sent = await page.request.post(`/api/admin/quotes/${quote.id}/send`, { headers })
  expect(sent.status()).toBe(200)
  const link = ((await sent.json()) as { link: string }).link
  return { id: quote.id, link: new URL(link).pathname }
}

test('staff send a quote made from a lead, and the customer accepts it on a phone', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const lead = await createLead(page, { name: 'Åse Ødegård', email: 'ase@example.no', phone: '912 34 567', adresse: 'Kjelsåsveien 12', postnr: '0488' })

  await page.goto(`/admin/leads/${lead.id}`)
  await expect(page.getByRole('heading', { name: 'Åse Ødegård', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Nytt tilbud' }).click()
  await expect(page).toHaveURL(/\/admin\/tilbud\//)
  await expect(page.getByLabel('Navn', { exact: true })).toHaveValue('Åse Ødegård')

  // Three lines from the catalogue, with its "Pris fra", and one written freely.
  const catalogue = page.getByLabel('Fra tjenestekatalogen')
  for (const index of [1, 2, 3]) await catalogue.selectOption({ index })
  await page.getByRole('button', { name: 'Fri linje' }).click()
  const lines = page.locator('[data-quote-line]')
  await expect(lines).toHaveCount(4)
  const free = lines.nth(3)
  await free.getByLabel('Beskrivelse').fill('Bortkjøring av gammelt sikringsskap')
  await free.getByLabel('Antall').fill('2,5')
  await free.getByLabel('Enhetspris (kr)').fill('1 200')
  await page.getByLabel('Vilkår').fill('Betaling 14 dager etter ferdigstillelse.')
  await expect(page.locator('[data-save-state]')).toContainText('Utkastet er lagret')
  // The preview adds up the lines as the server will: 2,5 × 1 200 kr = 3 000 kr + 25 % MVA.
  await expect(page.getByLabel('Forhåndsvisning')).toContainText('3\u00a0750,00\u00a0kr')
  await page.screenshot({ path: info.outputPath('tilbud-editor-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Send til kunden' }).click()
  // Sending asks first, with room for a personal message.
  await page.getByRole('dialog', { name: 'Sende tilbudet?' }).getByRole('button', { name: 'Send til kunden' }).click()
  const sent = page.locator('[data-sent-link]')
  await expect(sent).toContainText('E-post er ikke satt opp på serveren. Send lenken til kunden selv.')
  const link = new URL((await sent.locator('code').textContent()) ?? '').pathname
  await expect(page.locator('[data-quote-status]').first()).toHaveText('Sendt')
  await page.screenshot({ path: info.outputPath('tilbud-sendt-1280.png'), fullPage: true })

  // The customer, on a phone.
  const customer = await phone(browser, baseURL ?? '')
  await customer.goto(link)
  await expect(customer.getByRole('heading', { level: 1 })).toContainText('Tilbud')
  await expect(customer.getByText('Bortkjøring av gammelt sikringsskap')).toBeVisible()
  const width = await customer.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
  await customer.screenshot({ path: info.outputPath('tilbud-kunde-375.png'), fullPage: true })
  expect(await seriousViolations(customer)).toEqual([])
  await customer.getByLabel('Fullt navn').fill('Åse Ødegård')
  await customer.getByText('Jeg har lest tilbudet og vilkårene').click()
  await customer.getByRole('button', { name: 'Aksepter tilbudet' }).click()
  await expect(customer.locator('[data-quote-state="accepted"]')).toContainText('av Åse Ødegård')
  await customer.screenshot({ path: info.outputPath('tilbud-akseptert-375.png'), fullPage: true })

  // Staff see the lead won, in the table and on the board.
  await page.goto('/admin/leads')
  await page.getByRole('tab', { name: 'Tabell' }).click()
  await expect(page.getByRole('row', { name: /Åse Ødegård/ })).toContainText('Vunnet')
  await page.getByRole('tab', { name: 'Kanban' }).click()
  await expect(page.getByRole('region', { name: /^Vunnet,/ }).getByText('Åse Ødegård')).toBeVisible()
  await page.goto(`/admin/leads/${lead.id}`)
  await expect(page.locator('section[aria-labelledby="lead-quotes"]')).toContainText('Akseptert')
})

test('a declined quote and an expired one say so in Norwegian', async ({ page, browser, baseURL, server }) => {
  await signIn(page)
  const declined = await sentQuote(page, 'Per Avslår')
  const customer = await phone(browser, baseURL ?? '')
  await customer.goto(declined.link)
  await customer.getByLabel('Grunn (valgfritt)').fill('Vi venter til neste år.')
  // Declining is asked once: the box must be ticked (the browser says so before posting).
  await customer.getByText('Ja, jeg vil avslå tilbudet').click()
  await customer.getByRole('button', { name: 'Avslå tilbudet' }).click()
  await expect(customer.locator('[data-quote-state="declined"]')).toContainText('Du avslo tilbudet')
  await expect(customer.getByRole('button', { name: 'Aksepter tilbudet' })).toHaveCount(0)

  // Two months later: its valid-until day is past.
  const expired = await sentQuote(page, 'Kari Venter')
  execFileSync('python3', ['-c', `import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE quotes SET valid_until = date('now', '-1 day') WHERE id = ?", (bytes.fromhex(sys.argv[2]),))
db.commit()`, server.database, expired.id.replaceAll('-', '')])
  await customer.goto(expired.link)
  await expect(customer.locator('[data-quote-state="expired"]')).toContainText('Tilbudet gikk ut')
  await expect(customer.locator('[data-quote-state="expired"]')).toContainText('Ring oss')
  await expect(customer.getByRole('button', { name: 'Aksepter tilbudet' })).toHaveCount(0)
  await page.goto(`/admin/tilbud/${expired.id}`)
  await expect(page.locator('[data-quote-status]').first()).toHaveText('Utløpt')
})
