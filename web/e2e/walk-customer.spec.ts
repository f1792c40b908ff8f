import { demoEmail, demoPassword, signIn } from './admin'
import { expect, test } from './server'
import { look } from './walks'

// #75's customer paying on a phone (375 px), on the demo: the invoice 36 days overdue has
// had a purring whose time ran out. The office makes the link to the customer's page on the
// job (through its screens); the customer reads one account of the money (the letter's
// deadline, gone by; its fee by name), copies account number and KID with a tap, and opens
// the purring itself.

test.use({ demo: true })

test('the customer pays an overdue invoice after a purring, on a phone, in both themes', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, demoEmail, demoPassword)
  // The invoice with the purring: its inkassovarsel is the letter due next.
  await page.goto('/admin/fakturaer?status=overdue')
  const rows = page.locator('[data-invoice-row]')
  await expect(rows.first()).toBeVisible()
  let found = false
  for (const href of await rows.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    await page.goto(href ?? '')
    await expect(page.getByRole('heading', { name: 'Purring og inkasso' })).toBeVisible()
    if ((await page.locator('[data-sent-letter="purring"]').count()) > 0) {
      found = true
      break
    }
  }
  expect(found, 'the demo has an overdue invoice with a purring').toBe(true)
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Faktura ', '')
  const kid = ((await page.getByText(/Kunden betaler med KID/).textContent()) ?? '').replace(/\D/g, '')
  await page.getByRole('link', { name: 'Oppdraget', exact: true }).click()
  const documents = page.locator('section[aria-labelledby="job-documents"]')
  await documents.getByRole('button', { name: /^Lag (ny )?lenke$/ }).click()
  const url = await documents.locator('[data-documents-url]').inputValue()
  expect(url).toContain('/dokumenter/')

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, permissions: ['clipboard-read', 'clipboard-write'] })
  const phone = await context.newPage()
  await phone.goto(url.slice(url.indexOf('/dokumenter/')))
  const owed = phone.getByRole('region', { name: 'Til betaling' })
  await expect(owed).toContainText(/Forfalt \d+\. \w+ \d{4}\. Fristen i purringen du fikk \d+\. \w+ \d{4}, gikk ut \d+\. \w+ \d{4}\. Betal så snart du kan\./)
  await expect(owed.getByText('Purregebyr', { exact: true })).toBeVisible()
  await expect(owed).toContainText(`Faktura ${number}`)
  await look(phone, info, 'kunden-til-betaling')

  // The KID and the account number, copied with a tap each: what lands on the clipboard is
  // what the bank asks for.
  await owed.getByRole('button', { name: 'Kopier KID' }).tap()
  await expect(owed.getByRole('status')).toHaveText('KID er kopiert.')
  expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe(kid)
  await owed.getByRole('button', { name: 'Kopier kontonummeret' }).tap()
  await expect(owed.getByRole('status')).toHaveText('Kontonummeret er kopiert.')
  expect(await phone.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{11}$/)

  // The purring itself, as a PDF from the page.
  const letter = phone.getByRole('link', { name: /^Purring \d+\. \w+ \d{4}$/ })
  await expect(letter).toBeVisible()
  const pdf = await phone.request.get((await letter.getAttribute('href')) ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await context.close()
})
