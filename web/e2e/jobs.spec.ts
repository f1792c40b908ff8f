import type { Page } from '@playwright/test'
import { adminPassword, createLead, signIn, submitSignIn } from './admin'
import { seriousViolations } from './axe'
import { png } from './fixtures'
import { expect, test } from './server'
import { osloDay } from './days'

// Oppdrag (#44): the office makes a job from an accepted prisoverslag, watches its meter,
// sees what passes the estimate saved and held until the § 7 contact is recorded (#59: a
// montør's hours past it are never refused), and sends tilleggsarbeid
// that the customer accepts on a phone, raising the budget (1280 px); a montør
// on a phone sees only their own jobs and enters three days of hours on two jobs, at most
// three taps each (375 px).

const headers = { 'X-Fagfolk-Csrf': '1' }


/** A montør made through the API by the signed-in admin: their id. */
async function montor(page: Page, name: string, email: string): Promise<string> {
  const made = await page.request.post('/api/admin/users', { data: { name, email, password: adminPassword, role: 'montor' }, headers })
  expect(made.status()).toBe(201)
  return ((await made.json()) as { id: string }).id
}

/** A lead's accepted prisoverslag of one line at 10 000 kr excluding MVA. */
async function acceptedEstimate(page: Page, name: string): Promise<{ lead: string; quote: string }> {
  const lead = await createLead(page, { name, email: 'kunde@example.no', adresse: 'Kjelsåsveien 12', postnr: '0488' })
  const line = { description: 'Nytt sikringsskap med jordfeilbrytere', quantity: 100, unit: 'stk', unit_price: 1_000_000, vat: 25 }
  const made = await page.request.post(`/api/admin/leads/${lead.id}/quotes`, { data: { lines: [line], price_type: 'estimate' }, headers })
  expect(made.status()).toBe(201)
  const quote = (await made.json()) as { id: string }
  const sent = await page.request.post(`/api/admin/quotes/${quote.id}/send`, { headers })
  const link = new URL(((await sent.json()) as { link: string }).link).pathname
  const answer = await page.request.post(link, {
    form: { handling: 'aksepter', versjon: '1', navn: name, lest: 'on' },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(303)
  return { lead: lead.id, quote: quote.id }
}

test('the office makes a job of an accepted estimate, what passes it waits for the § 7 contact, and the customer accepts tilleggsarbeid', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await montor(page, 'Kari Montør', 'kari@fagfolk.test')
  const { lead } = await acceptedEstimate(page, 'Åse Ødegård')

  await page.goto(`/admin/leads/${lead}`)
  await page.getByRole('button', { name: /^Lag oppdrag av tilbud/ }).click()
  await expect(page).toHaveURL(/\/admin\/oppdrag\//)
  await expect(page.getByRole('heading', { name: 'Nytt sikringsskap med jordfeilbrytere', level: 1 })).toBeVisible()
  const meter = page.locator('section[aria-labelledby="job-meter"]')
  await expect(meter).toContainText('Prisoverslag')
  await expect(meter).toContainText('10\u00a0000,00\u00a0kr')
  await expect(meter).toContainText('11\u00a0500,00\u00a0kr')

  // Kari is put on the job.
  await page.getByLabel('Kari Montør').check()
  await page.getByRole('button', { name: 'Lagre oppdraget' }).click()
  await expect(page.getByText('Oppdraget er lagret')).toBeVisible()

  // Materials up to the estimate are billable; what passes it is saved and held for § 7.
  const materials = page.getByRole('form', { name: 'Før materiell' })
  // A service from the catalogue comes with its price without MVA, as a quote's line does.
  const catalogue = materials.getByLabel('Fra tjenestekatalogen')
  const option = catalogue.locator('option', { hasText: 'inkl. MVA' }).first()
  const [name, from] = /^(.*) \(fra (\d+) kr inkl\. MVA\)$/.exec((await option.textContent()) ?? '')?.slice(1) ?? []
  await catalogue.selectOption((await option.getAttribute('value')) ?? '')
  await expect(materials.getByLabel('Materiell', { exact: true })).toHaveValue(name ?? '')
  const net = Math.round((Number(from) * 100 * 100) / 125)
  await expect(materials.getByLabel('Pris per enhet (kr uten MVA)')).toHaveValue(`${Math.floor(net / 100)},${String(net % 100).padStart(2, '0')}`)
  await materials.getByLabel('Materiell').fill('Sikringsskap og vern')
  await materials.getByLabel('Pris per enhet (kr uten MVA)').fill('10 000')
  await materials.getByRole('button', { name: 'Før materiell' }).click()
  await expect(meter).toContainText('(100 %)')

  // Kari, on her phone in the basement, enters 2 hours past the estimate: they are saved,
  // and she is told so on a message that stays until she has read it, a reload included.
  const jobId = new URL(page.url()).pathname.split('/').pop() ?? ''
  const rate = await page.request.put(`/api/admin/jobs/${jobId}`, { data: { hourly_rate: 95_000 }, headers })
  expect(rate.status()).toBe(200)
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })).newPage()
  await submitSignIn(phone, 'kari@fagfolk.test', adminPassword)
  await expect(phone).toHaveURL('/admin/mine-oppdrag')
  const card = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: 'Nytt sikringsskap med jordfeilbrytere' }) })
  await card.getByRole('button', { name: '2 t', exact: true }).tap()
  await card.getByRole('button', { name: 'Før 2 t' }).tap()
  const notice = phone.locator('[data-held-notices]')
  await expect(notice).toContainText('2 t på Nytt sikringsskap med jordfeilbrytere, i dag')
  await expect(notice).toContainText('Kontoret tar kontakt med kunden')
  await phone.reload()
  await expect(notice).toContainText('2 t på Nytt sikringsskap med jordfeilbrytere, i dag')
  await expect(phone.getByText('(venter på kontoret)')).toBeVisible()
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await phone.screenshot({ path: info.outputPath('timer-holdt-375.png'), fullPage: true })
  expect(await seriousViolations(phone)).toEqual([])
  await notice.getByRole('button', { name: 'Lest' }).tap()
  await expect(notice).toHaveCount(0)

  // The office's own krone past it is held too; the office sees both at once, on the job and
  // on the dashboard.
  await materials.getByLabel('Materiell').fill('Ekstra kabel')
  await materials.getByLabel('Pris per enhet (kr uten MVA)').fill('1')
  await materials.getByRole('button', { name: 'Før materiell' }).click()
  const held = meter.locator('dt', { hasText: 'Venter på § 7-kontakt' }).locator('+ dd')
  await expect(held).toHaveText('1\u00a0901,00\u00a0kr')
  await expect(meter.locator('dt', { hasText: 'Kan faktureres' }).locator('+ dd')).toHaveText('10\u00a0000,00\u00a0kr')
  await expect(page.getByText('(venter på § 7-kontakt)')).toBeVisible()
  await page.screenshot({ path: info.outputPath('oppdrag-holdt-1280.png'), fullPage: true })
  await page.goto('/admin')
  const flagged = page.getByRole('list', { name: 'Oppdrag over prisoverslaget' })
  await expect(flagged).toContainText('Nytt sikringsskap med jordfeilbrytere')
  await expect(flagged).toContainText('Kontakt kunden (§ 7): 1\u00a0901,00\u00a0kr venter')
  await page.screenshot({ path: info.outputPath('dashbord-holdt-1280.png') })
  await page.goBack()

  // The contact: how, when, what the customer said. Then what waited is billable, up to the
  // ceiling, and the next line goes straight in.
  const contact = page.getByRole('form', { name: 'Registrer kontakt med kunden' })
  await contact.getByLabel('Hvordan').selectOption('telefon')
  await contact.getByLabel('Hva kunden sa').fill('Kunden sa ja til å fortsette.')
  await contact.getByRole('button', { name: 'Registrer kontakt' }).click()
  await expect(page.locator('section[aria-labelledby="job-contacts"] li')).toContainText('Kunden sa ja til å fortsette.')
  await expect(held).toHaveCount(0)
  await expect(meter.locator('dt', { hasText: 'Kan faktureres' }).locator('+ dd')).toHaveText('11\u00a0500,00\u00a0kr')
  await materials.getByLabel('Materiell').fill('Ekstra kabel')
  await materials.getByLabel('Pris per enhet (kr uten MVA)').fill('250')
  await materials.getByRole('button', { name: 'Før materiell' }).click()
  await expect(meter).toContainText('(121 %)')
  await expect(meter).toContainText('Kan faktureres')
  await page.screenshot({ path: info.outputPath('oppdrag-kontakt-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // Tilleggsarbeid: a change order made on the job, written in the quote editor, sent.
  const jobUrl = page.url()
  await page.getByRole('button', { name: 'Nytt tilleggsarbeid' }).click()
  await expect(page).toHaveURL(/\/admin\/tilbud\//)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tilleggsarbeid')
  await expect(page.getByLabel('Navn', { exact: true })).toHaveValue('Åse Ødegård')
  await page.getByRole('button', { name: 'Fri linje' }).click()
  const line = page.locator('[data-quote-line]').first()
  await line.getByLabel('Beskrivelse').fill('Ekstra kurs til varmepumpe')
  await line.getByLabel('Enhetspris (kr)').fill('2 400')
  await expect(page.locator('[data-save-state]')).toContainText('Utkastet er lagret')
  await page.getByRole('button', { name: 'Send til kunden' }).click()
  await page.getByRole('dialog', { name: 'Sende tilbudet?' }).getByRole('button', { name: 'Send til kunden' }).click()
  const sent = page.locator('[data-sent-link]')
  const link = new URL((await sent.locator('code').textContent()) ?? '').pathname

  // The customer accepts it on a phone.
  const customer = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage()
  await customer.goto(link)
  await expect(customer.getByRole('heading', { level: 1 })).toContainText('Tilbud på tilleggsarbeid')
  await expect(customer.getByText('Ekstra kurs til varmepumpe')).toBeVisible()
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await customer.getByLabel('Fullt navn').fill('Åse Ødegård')
  await customer.getByText('Jeg har lest tilbudet og vilkårene').click()
  await customer.getByRole('button', { name: 'Aksepter tilbudet' }).click()
  await expect(customer.locator('[data-quote-state="accepted"]')).toContainText('av Åse Ødegård')
  await customer.screenshot({ path: info.outputPath('tilleggsarbeid-kunde-375.png'), fullPage: true })
  expect(await seriousViolations(customer)).toEqual([])

  // Back on the job, the budget has risen by it, and time can be tagged to it.
  await page.goto(jobUrl)
  const changes = page.locator('section[aria-labelledby="job-changes"]')
  await expect(changes).toContainText('Akseptert')
  await expect(changes).toContainText('2\u00a0400,00\u00a0kr eks. MVA')
  await expect(meter.locator('dt', { hasText: 'Tilleggsarbeid akseptert' }).locator('+ dd')).toHaveText('2\u00a0400,00\u00a0kr')
  await expect(meter).toContainText('13\u00a0900,00\u00a0kr')
  await materials.getByLabel('Materiell').fill('Kabel til varmepumpen')
  await materials.getByLabel('Pris per enhet (kr uten MVA)').fill('600')
  const tag = materials.getByLabel('Tilleggsarbeid')
  await tag.selectOption((await tag.locator('option', { hasText: 'Ekstra kurs til varmepumpe' }).getAttribute('value')) ?? '')
  await materials.getByRole('button', { name: 'Før materiell' }).click()
  await expect(meter.locator('dt', { hasText: 'Tilleggsarbeid brukt' }).locator('+ dd')).toHaveText('600,00\u00a0kr')
  await page.screenshot({ path: info.outputPath('oppdrag-tillegg-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/admin/oppdrag')
  await expect(page.getByRole('link', { name: 'Nytt sikringsskap med jordfeilbrytere' })).toBeVisible()
  await page.screenshot({ path: info.outputPath('oppdrag-liste-1280.png'), fullPage: true })
})

test('a montør on a phone sees only their own jobs and enters three days in at most three taps each', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(120_000)
  await signIn(page)
  // The file's server is shared: these montører have addresses of their own.
  const kari = await montor(page, 'Kari Lie', 'kari.lie@fagfolk.test')
  const per = await montor(page, 'Per Montør', 'per@fagfolk.test')
  const lead = await createLead(page, { name: 'Liv Lie', phone: '912 34 567', adresse: 'Storgata 1', postnr: '0155' })
  const job = async (title: string, worker: string) => {
    const made = await page.request.post(`/api/admin/leads/${lead.id}/jobs`, { data: { title, hourly_rate: 85_000, workers: [worker] }, headers })
    expect(made.status()).toBe(201)
  }
  await job('Bytte sikringsskap', kari)
  await job('Utelys i hagen', per)
  // The third from the lead's page: a call-out at timepris without a quote, Kari put on it.
  await page.goto(`/admin/leads/${lead.id}`)
  await page.getByRole('button', { name: 'Oppdrag uten tilbud' }).click()
  const callout = page.getByRole('form', { name: 'Oppdrag uten tilbud' })
  await callout.getByRole('button', { name: 'Lag oppdraget' }).click()
  await expect(callout.getByText('Skriv hva oppdraget gjelder.')).toBeVisible()
  await callout.getByLabel('Hva gjelder oppdraget').fill('Varmekabler på bad')
  await callout.getByLabel('Timepris (kr uten MVA)').fill('850')
  await callout.getByRole('button', { name: 'Lag oppdraget' }).click()
  await expect(page.getByRole('heading', { name: 'Varmekabler på bad', level: 1 })).toBeVisible()
  await expect(page.locator('section[aria-labelledby="job-meter"]')).toContainText('Timepris uten anslag')
  await page.getByLabel('Kari Lie').check()
  await page.getByRole('button', { name: 'Lagre oppdraget' }).click()
  await expect(page.getByText('Oppdraget er lagret')).toBeVisible()

  const phone = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })).newPage()
  // The phone's clock runs as usual, and is moved past the undo window below instead of waited for.
  await phone.clock.install()
  await submitSignIn(phone, 'kari.lie@fagfolk.test', adminPassword)
  await expect(phone).toHaveURL('/admin/mine-oppdrag')
  await expect(phone.getByRole('heading', { name: 'Mine oppdrag i dag', level: 1 })).toBeVisible()
  await expect(phone.getByRole('heading', { name: 'Bytte sikringsskap' })).toBeVisible()
  await expect(phone.getByRole('heading', { name: 'Varmekabler på bad' })).toBeVisible()
  await expect(phone.getByText('Utelys i hagen')).toHaveCount(0)
  await expect(phone.getByRole('link', { name: 'Henvendelser' })).toHaveCount(0)
  const width = await phone.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)

  const card = (title: string) => phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: title }) })
  // Today: two taps. Yesterday and the day before: three (the day first).
  await card('Bytte sikringsskap').getByRole('button', { name: '7,5 t', exact: true }).click()
  await card('Bytte sikringsskap').getByRole('button', { name: 'Før 7,5 t' }).click()
  await expect(phone.getByText('Ført 7,5 t på Bytte sikringsskap')).toBeVisible()
  await phone.getByRole('button', { name: 'I går' }).click()
  await card('Varmekabler på bad').getByRole('button', { name: '4 t', exact: true }).click()
  await card('Varmekabler på bad').getByRole('button', { name: 'Før 4 t' }).click()
  await expect(phone.getByText('Ført 4 t på Varmekabler på bad')).toBeVisible()
  const third = phone.getByRole('group', { name: 'Dag å føre timer på' }).getByRole('button').nth(2)
  await third.click()
  await card('Bytte sikringsskap').getByRole('button', { name: '8 t', exact: true }).click()
  await card('Bytte sikringsskap').getByRole('button', { name: 'Før 8 t' }).click()
  await expect(phone.getByText('Ført 8 t på Bytte sikringsskap')).toBeVisible()
  // The card says which day is being typed.
  await expect(card('Bytte sikringsskap').locator('[data-entry-day]')).toHaveText(`Dag: ${(await third.textContent()) ?? ''}`)

  // A mistake put right where it stands: 8 t was 7,75 t.
  const eight = phone.getByRole('button', { name: /^Endre 8 t på Bytte sikringsskap/ })
  await eight.tap()
  const editor = phone.getByRole('group', { name: /^Endre 8 t på Bytte sikringsskap/ })
  await editor.getByRole('button', { name: 'Et kvarter mindre' }).tap()
  await editor.getByRole('button', { name: 'Lagre' }).tap()
  await expect(phone.getByText('Endret til 7,75 t')).toBeVisible()
  await expect(phone.getByRole('button', { name: /^Endre 7,75 t på Bytte sikringsskap/ })).toBeVisible()
  // One deleted and taken back with "Angre": it is still there, on the server too.
  await phone.getByRole('button', { name: 'I går' }).tap()
  await phone.getByRole('button', { name: /^Slett 4 t på Varmekabler på bad/ }).tap()
  await expect(phone.getByRole('button', { name: /^Slett 4 t på Varmekabler på bad/ })).toHaveCount(0)
  await phone.getByRole('button', { name: 'Angre' }).tap()
  await expect(phone.getByRole('button', { name: /^Slett 4 t på Varmekabler på bad/ })).toBeVisible()
  // Past the undo time (6 s), and after a reload, it is still there.
  await phone.clock.runFor(6_500)
  await phone.reload()
  await phone.getByRole('button', { name: 'I går' }).tap()
  await expect(phone.getByRole('button', { name: /^Slett 4 t på Varmekabler på bad/ })).toBeVisible()
  await phone.screenshot({ path: info.outputPath('mine-oppdrag-375.png'), fullPage: true })
  expect(await seriousViolations(phone)).toEqual([])

  // Materials from the phone: what, how many, and a photo of the receipt; no price asked.
  const box = card('Bytte sikringsskap')
  await box.getByText('Materiell', { exact: true }).click()
  const used = box.getByRole('form', { name: 'Materiell på Bytte sikringsskap' })
  await used.getByRole('button', { name: 'Før materiell' }).click()
  await expect(used.getByText('Skriv hva du brukte.')).toBeVisible()
  await used.getByLabel('Hva brukte du').fill('Koblingsboks IP55')
  await used.getByRole('button', { name: 'En mer' }).click()
  await used.getByRole('button', { name: 'En mer' }).click()
  await expect(used.getByLabel('Antall')).toHaveValue('3')
  await expect(used.getByText(/kr/)).toHaveCount(0)
  await used.locator('input[type="file"]').setInputFiles({ name: 'kvittering.png', mimeType: 'image/png', buffer: png(40, 30) })
  await used.getByRole('button', { name: 'Før materiell' }).click()
  await expect(phone.getByText('Ført 3 stk Koblingsboks IP55')).toBeVisible()
  await expect(used.getByLabel('Hva brukte du')).toHaveValue('')
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await phone.screenshot({ path: info.outputPath('materiell-375.png'), fullPage: true })
  expect(await seriousViolations(phone)).toEqual([])

  // The office sees the line without a price, with the photo, and sets the price.
  await page.goto('/admin/oppdrag')
  await page.getByRole('link', { name: 'Bytte sikringsskap' }).click()
  const lines = page.locator('section[aria-labelledby="job-materials"]')
  await expect(lines).toContainText('Koblingsboks IP55')
  await expect(lines).toContainText('Mangler pris')
  const photo = await page.request.get((await lines.getByRole('link', { name: 'Se bildet av kvitteringen' }).getAttribute('href')) ?? '')
  expect(photo.headers()['content-type']).toBe('image/jpeg')
  const price = lines.getByRole('form', { name: 'Pris på Koblingsboks IP55' })
  await price.getByLabel('Pris per enhet (kr uten MVA)').fill('49,90')
  await price.getByRole('button', { name: 'Sett pris' }).click()
  await expect(lines).not.toContainText('Mangler pris')
  await expect(lines).toContainText('149,70\u00a0kr')

  // The office sees the three days on her jobs.
  const sheet = await page.request.get(`/api/admin/work/week?user_id=${kari}`)
  const week = (await sheet.json()) as { entries: unknown[] }
  const earlier = await page.request.get(`/api/admin/work/week?user_id=${kari}&day=${osloDay(-2)}`)
  const entries = new Set([...week.entries, ...((await earlier.json()) as { entries: unknown[] }).entries].map((entry) => JSON.stringify(entry)))
  expect(entries.size).toBe(3)
  // And on "Månedens timer", her week as she sees it.
  await page.goto('/admin/timer')
  const staffWeek = page.locator('section[aria-labelledby="staff-week"]')
  await staffWeek.getByLabel('Person').selectOption({ label: 'Kari Lie' })
  await expect(staffWeek.getByRole('listitem').filter({ hasText: 'Bytte sikringsskap' }).filter({ hasText: '7,5 t' }).first()).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: info.outputPath('timer-per-person-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
})

test('tilleggsarbeid agreed on the phone is recorded with who, when and what, and raises the budget', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const { quote } = await acceptedEstimate(page, 'Tor Telefon')
  const job = await page.request.post(`/api/admin/quotes/${quote}/job`, { data: {}, headers })
  const jobId = ((await job.json()) as { id: string }).id
  const change = await page.request.post(`/api/admin/jobs/${jobId}/changes`, { headers })
  const changeId = ((await change.json()) as { id: string }).id
  const line = { description: 'Flytte stikkontakt', quantity: 100, unit: 'stk', unit_price: 150_000, vat: 25 }
  expect((await page.request.put(`/api/admin/quotes/${changeId}`, { data: { lines: [line] }, headers })).status()).toBe(200)

  await page.goto(`/admin/tilbud/${changeId}`)
  await expect(page.getByRole('link', { name: 'Til oppdraget' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Registrer tilleggsarbeidet som avtalt' })
  await form.getByRole('button', { name: 'Registrer som avtalt' }).click()
  await expect(form.getByText('Skriv hvem du snakket med.')).toBeVisible()
  await expect(form.getByText('Skriv hva kunden sa ja til.')).toBeVisible()
  await form.getByLabel('Hvem du snakket med').fill('Tor Telefon')
  await form.getByLabel('Hva kunden sa ja til').fill('Ja, flytt stikkontakten til andre siden av døra.')
  expect(await seriousViolations(page)).toEqual([])
  await form.getByRole('button', { name: 'Registrer som avtalt' }).click()
  await expect(page.locator('[data-quote-status]').first()).toHaveText('Akseptert')
  await expect(form).toHaveCount(0)
  await expect(page.locator('[data-agreement]')).toContainText('Avtalt på telefon, med Tor Telefon: «Ja, flytt stikkontakten')
  await page.screenshot({ path: info.outputPath('tilleggsarbeid-telefon-1280.png'), fullPage: true })

  await page.getByRole('link', { name: 'Til oppdraget' }).click()
  const meter = page.locator('section[aria-labelledby="job-meter"]')
  await expect(meter.locator('dt', { hasText: 'Tilleggsarbeid akseptert' }).locator('+ dd')).toHaveText('1\u00a0500,00\u00a0kr')
  await expect(page.locator('section[aria-labelledby="job-changes"]')).toContainText('Avtalt på telefon')
})
