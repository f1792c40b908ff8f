import { signIn } from './admin'
import { acceptedJob, firmCanInvoice } from './invoices'
import { seriousViolations } from './axe'
import { png } from './fixtures'
import { expect, test } from './server'

// Finishing a job (#45): the office at 1280 px sets a business customer's job to «Ferdig»,
// reads its specified invoice basis, marks it invoiced, downloads the invoice as PDF and
// EHF, and credits one line (refused first without a line or a reason); the customer, on
// a phone (375 px), opens their quote's page and downloads each of the job's documents.
// The samsvarserklæring: refused for signing with what is missing, completed, signed, and
// handed to the customer; then the job's own documents page, its link made at 1280, opened
// on the phone with every document, and taken back.

test('the office finishes a job and invoices it as PDF and EHF, credits a line, and the customer downloads each document on a phone', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await firmCanInvoice(page)
  const { job, link } = await acceptedJob(page)

  await page.goto(`/admin/oppdrag/${job}`)
  const invoicing = page.locator('section[aria-labelledby="job-invoice"]')
  await expect(invoicing).toContainText('Når oppdraget er satt til «Ferdig»')
  await page.getByLabel('Status').selectOption('done')
  await page.getByRole('button', { name: 'Lagre oppdraget' }).click()
  await expect(page.getByText('Oppdraget er lagret')).toBeVisible()

  // The basis: 10 000 + 5 700 kr, MVA 3 925 kr, 19 625 kr in all.
  await expect(invoicing).toContainText('15\u00a0700,00\u00a0kr')
  await expect(invoicing).toContainText('19\u00a0625,00\u00a0kr')
  const basisPdf = await page.request.get(await invoicing.getByRole('link', { name: 'Fakturagrunnlag (PDF)' }).getAttribute('href') ?? '')
  expect(basisPdf.headers()['content-type']).toBe('application/pdf')
  await page.screenshot({ path: info.outputPath('fakturagrunnlag-1280.png'), fullPage: true })

  // A second chance before the number is taken: the dialog names the sum, and "Avbryt" makes nothing.
  await invoicing.getByRole('button', { name: 'Marker som fakturert' }).click()
  const asked = page.getByRole('dialog', { name: 'Lage fakturaen?' })
  await expect(asked).toContainText('19\u00a0625,00\u00a0kr')
  await asked.getByRole('button', { name: 'Avbryt' }).click()
  await expect(asked).toBeHidden()
  await expect(invoicing.getByRole('button', { name: 'Marker som fakturert' })).toBeVisible()
  await invoicing.getByRole('button', { name: 'Marker som fakturert' }).click()
  await asked.getByRole('button', { name: 'Lag fakturaen' }).click()
  const year = new Date().getFullYear()
  await expect(page.getByText(`Faktura ${year}-0001 er laget`)).toBeVisible()
  await expect(page.locator('main').getByText('Fakturert', { exact: true }).first()).toBeVisible()
  const row = invoicing.getByRole('listitem').filter({ hasText: `Faktura ${year}-0001` })
  await expect(row).toContainText('19\u00a0625,00\u00a0kr')
  // The job links to its invoice's page (payments, purring), and back.
  await expect(row.getByRole('link', { name: `Faktura ${year}-0001` })).toHaveAttribute('href', /^\/admin\/fakturaer\/[0-9a-f-]{36}$/)

  // The invoice's files: the PDF, and the EHF downloaded as a file.
  const pdf = await page.request.get(await row.getByRole('link', { name: 'PDF' }).getAttribute('href') ?? '')
  expect(pdf.status()).toBe(200)
  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: 'EHF' }).click()
  const ehf = await download
  expect(ehf.suggestedFilename()).toBe(`Faktura-${year}-0001.xml`)

  // Crediting a line: refused without a line or a reason, then made.
  await row.getByText('Krediter linjer').click()
  const credit = row.getByRole('form', { name: `Krediter linjer fra faktura ${year}-0001` })
  await credit.getByRole('button', { name: 'Lag kreditnota' }).click()
  await expect(credit.getByText('Velg minst én linje fra fakturaen.')).toBeVisible()
  await expect(credit.getByText('Skriv hvorfor linjene krediteres.')).toBeVisible()
  await credit.getByLabel('Elektriker').check()
  await credit.getByLabel('Hvorfor').fill('To timer for mye.')
  await credit.getByRole('button', { name: 'Lag kreditnota' }).click()
  await expect(page.getByText(`Kreditnota ${year}-0002 er laget`)).toBeVisible()
  await expect(invoicing.getByRole('listitem').filter({ hasText: `Kreditnota ${year}-0002` })).toContainText('Årsak: To timer for mye.')
  expect(await seriousViolations(page)).toEqual([])

  // The customer on a phone: the quote's page lists the invoice, the credit note and each is a PDF.
  const customer = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage()
  await customer.goto(link)
  const documents = customer.getByRole('region', { name: 'Dokumenter fra oppdraget' })
  await expect(documents).toBeVisible()
  const links = documents.getByRole('link')
  await expect(links).toHaveCount(2)
  await expect(links.first()).toContainText(`Faktura ${year}-0001`)
  await expect(links.last()).toContainText(`Kreditnota ${year}-0002`)
  for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))) {
    const file = await customer.request.get(href)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
  }
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await customer.screenshot({ path: info.outputPath('dokumenter-kunde-375.png'), fullPage: true })
  expect(await seriousViolations(customer)).toEqual([])
})

test('the office completes and signs a samsvarserklæring, and the customer downloads it on a phone', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await firmCanInvoice(page)
  const { job, link } = await acceptedJob(page)

  await page.goto(`/admin/oppdrag/${job}`)
  const section = page.locator('section[aria-labelledby="job-declaration"]')
  await section.getByText('Samsvarserklæring', { exact: true }).click()
  const form = section.getByRole('form', { name: 'Samsvarserklæring' })
  await expect(form.getByLabel('Anleggsadresse')).toHaveValue('Kjelsåsveien 12, 0488 Oslo')
  await form.getByLabel('Arbeidet gjelder').selectOption('change')
  await form.getByLabel('Beskrivelse av arbeidet').fill('Nytt sikringsskap med jordfeilbrytere.')
  // Signing before it is complete names what is missing, and keeps what was typed.
  await form.getByRole('button', { name: 'Signer erklæringen' }).click()
  await expect(form.getByText('Før opp minst én kurs i kursfortegnelsen.')).toBeVisible()
  await expect(form.getByText('Velg den faglig ansvarlige.')).toBeVisible()
  await expect(form.getByLabel('Beskrivelse av arbeidet')).toHaveValue('Nytt sikringsskap med jordfeilbrytere.')

  // The risk assessment and final check ticked, a circuit, the responsible person.
  for (const box of await form.getByRole('checkbox').all()) await box.check()
  await form.getByRole('button', { name: 'Legg til kurs' }).click()
  await form.getByLabel('Formål (rad 1)', { exact: true }).fill('Stikkontakter kjøkken')
  await form.getByLabel('Vern (rad 1)', { exact: true }).fill('C16')
  await form.getByLabel('Kabel (rad 1)', { exact: true }).fill('PFSP 3G2,5')
  await form.getByLabel('Jordfeilvern (rad 1)', { exact: true }).fill('30 mA type A')
  await form.getByLabel('Faglig ansvarlig').selectOption({ index: 1 })
  await form.getByLabel('Den ansvarliges kvalifikasjon').fill('Autorisert elinstallatør, gruppe L')
  // A photo from the job, with its caption: shown as a thumbnail, drawn into the PDF.
  const photos = section.getByRole('region', { name: 'Bilder fra arbeidet' })
  await photos.getByLabel('Bilde', { exact: true }).setInputFiles({ name: 'skap.png', mimeType: 'image/png', buffer: png(400, 300) })
  await photos.getByLabel('Bildetekst (valgfritt)').fill('Sikringsskapet åpent')
  await photos.getByRole('button', { name: 'Legg til bilde' }).click()
  await expect(page.getByText('Bildet er lagt til')).toBeVisible()
  await expect(photos.getByRole('img', { name: 'Sikringsskapet åpent' })).toBeVisible()
  await form.getByRole('button', { name: 'Signer erklæringen' }).click()
  await expect(page.getByText('Samsvarserklæringen er signert')).toBeVisible()
  const pdf = await page.request.get(await section.getByRole('link', { name: 'Samsvarserklæring (PDF)' }).getAttribute('href') ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  // Signed, the photo stays, and can no longer be taken away.
  await expect(photos.getByRole('img', { name: 'Sikringsskapet åpent' })).toBeVisible()
  await expect(photos.getByRole('button', { name: /Fjern/ })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: info.outputPath('samsvarserklaering-1280.png'), fullPage: true })

  // Done: the customer downloads it from their quote's page.
  await page.getByLabel('Status').selectOption('done')
  await page.getByRole('button', { name: 'Lagre oppdraget' }).click()
  await expect(page.getByText('Oppdraget er lagret')).toBeVisible()
  const customer = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage()
  await customer.goto(link)
  const declaration = customer.getByRole('region', { name: 'Dokumenter fra oppdraget' }).getByRole('link', { name: 'Samsvarserklæring' })
  const file = await customer.request.get((await declaration.getAttribute('href')) ?? '')
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  // The job's own documents page: a link made at 1280, opened on the phone, every document
  // downloaded, then the link taken back.
  const panel = page.locator('section[aria-labelledby="job-documents"]')
  await expect(panel).toContainText('Ingen lenke ennå.')
  await panel.getByLabel('Send lenken på e-post til ase@example.no').uncheck()
  await panel.getByRole('button', { name: 'Lag lenke' }).click()
  const address = panel.getByLabel('Lenken til kunden (vises bare nå)')
  await expect(address).toHaveValue(/\/dokumenter\//)
  await expect(panel).toContainText('Lenken virker til')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: info.outputPath('dokumentlenke-1280.png'), fullPage: true })
  const own = new URL(await address.inputValue()).pathname
  await customer.goto(own)
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Dokumenter fra oppdraget')
  const listed = customer.getByRole('region', { name: 'Arbeidet er ferdig' }).getByRole('link')
  await expect(listed).toHaveCount(3)
  await expect(listed.nth(0)).toContainText('akseptert')
  await expect(listed.nth(1)).toContainText('Fakturagrunnlag (spesifisert)')
  await expect(listed.nth(2)).toContainText('Samsvarserklæring')
  for (const href of await listed.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))) {
    const document = await customer.request.get(href)
    expect(document.status()).toBe(200)
    expect(document.headers()['content-type']).toBe('application/pdf')
  }
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await customer.screenshot({ path: info.outputPath('dokumentside-375.png'), fullPage: true })
  expect(await seriousViolations(customer)).toEqual([])
  await panel.getByRole('button', { name: 'Trekk tilbake lenken' }).click()
  await expect(page.getByText('Lenken er trukket tilbake')).toBeVisible()
  await expect(panel).toContainText('Ingen lenke ennå.')
  const gone = await customer.goto(own)
  expect(gone?.status()).toBe(404)
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Fant ikke dokumentene')
})
