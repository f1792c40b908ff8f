import type { Page } from '@playwright/test'
import { expect, test } from './server'
import { createLead, signIn } from './admin'
import { osloDay } from './days'


/** "YYYY-MM-DD" as staff type and read it: "dd.mm.åååå". */
function typed(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}.${month}.${year}`
}

/** An enquiry through the public contact form's API, as a visitor sends it. */
async function enquire(page: Page, name: string, phone: string, email = `kunde${phone.replace(/\D/g, '')}@example.no`) {
  const response = await page.request.post('/api/contact', {
    data: { name, email, phone, service: 'rorleggertjenester', message: 'Det drypper fra taket på badet.' },
  })
  expect(response.status()).toBe(201)
}

async function openLead(page: Page, name: string) {
  await page.goto('/admin/leads')
  await page.getByLabel('Søk').fill(name)
  await page.getByRole('button', { name: `Vis ${name}` }).click()
  const details = page.getByRole('dialog', { name: 'Lead-detaljer' })
  await expect(details).toBeVisible()
  return details
}

test('a lead is worked in its details dialog: edited in place, moved, assigned, followed up and noted', async ({ page }) => {
  await enquire(page, 'Åse Ødegård', '912 34 567')
  await signIn(page)
  const details = await openLead(page, 'Åse Ødegård')
  const history = details.getByRole('list', { name: 'Historikk' })
  await expect(history.locator('[data-event="submission"]')).toContainText('Det drypper fra taket på badet.')
  await expect(history.locator('[data-event="created"]')).toContainText('Lead opprettet')

  // Edit in place: Enter saves, the new number shows at once and in the history.
  await details.getByRole('button', { name: 'Rediger telefon' }).click()
  await details.getByLabel('Telefon').fill('+47 913 00 000')
  await details.getByLabel('Telefon').press('Enter')
  await expect(details.locator('[data-field="phone"]')).toHaveText('913 00 000')
  await expect(history.locator('[data-event="changed"]').first()).toContainText('Telefon: 912 34 567 → 913 00 000')

  // A refused value keeps what was typed, with the server's message; Escape leaves the
  // field, not the dialog.
  await details.getByRole('button', { name: 'Rediger e-post' }).click()
  await details.getByLabel('E-post').fill('ikke en adresse')
  await details.getByRole('button', { name: 'Lagre', exact: true }).click()
  await expect(details.getByText('Skriv en gyldig e-postadresse.')).toBeVisible()
  await expect(details.getByLabel('E-post')).toHaveValue('ikke en adresse')
  await details.getByLabel('E-post').press('Escape')
  await expect(details).toBeVisible()
  await expect(details.locator('[data-field="email"]')).toHaveText('kunde91234567@example.no')

  // Status, assignee and follow-up change in one step each.
  await details.getByLabel('Status').selectOption('Kontaktet')
  await expect(history.locator('[data-event="status"]')).toContainText('Status: Ny → Kontaktet')
  await expect(history.locator('[data-event="status"]')).toContainText('Administrator')
  await details.getByLabel('Ansvarlig').selectOption({ label: 'Administrator' })
  await expect(history.locator('[data-event="changed"]').first()).toContainText('Ansvarlig: ingen → Administrator')
  await details.getByRole('button', { name: 'I morgen' }).click()
  await expect(details.getByLabel('Oppfølging')).toHaveValue(typed(osloDay(1)))
  // A day as the browser's language would write it is not a Norwegian day: said, not saved.
  await details.getByLabel('Oppfølging').fill('12/24/2026')
  await details.getByLabel('Oppfølging').press('Enter')
  await expect(details.getByText('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.')).toBeVisible()
  await details.getByLabel('Oppfølging').fill(typed(osloDay(-2)))
  await details.getByLabel('Oppfølging').press('Enter')
  await expect(history.locator('[data-event="changed"]').first()).toContainText('Oppfølging:')

  // A note: signed and timed; an empty one is refused with the text kept.
  await details.getByRole('button', { name: 'Legg til notat' }).click()
  await expect(details.getByText('Skriv et notat.')).toBeVisible()
  await details.getByLabel('Nytt notat').fill('Ringte. Befaring torsdag kl. 10.')
  await details.getByRole('button', { name: 'Legg til notat' }).click()
  await expect(details.getByLabel('Nytt notat')).toHaveValue('')
  const note = history.locator('[data-event="note"]')
  await expect(note).toContainText('Ringte. Befaring torsdag kl. 10.')
  await expect(note).toContainText('Administrator')
  await details.getByRole('button', { name: 'Lukk' }).click()

  // The list: "Mine" and the follow-up filter find it, marked overdue.
  await page.getByLabel('Søk').fill('')
  await enquire(page, 'Per Uten Ansvar', '400 00 000')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Vis Per Uten Ansvar' })).toBeVisible()
  await page.getByLabel('Mine leads').check()
  await expect(page.getByRole('button', { name: 'Vis Per Uten Ansvar' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Vis Åse Ødegård' })).toBeVisible()
  await page.getByLabel('Mine leads').uncheck()
  await page.getByLabel('Oppfølging').selectOption({ label: 'Forfalt og i dag' })
  await expect(page.getByRole('button', { name: 'Vis Per Uten Ansvar' })).toBeHidden()
  await expect(page.locator(`[data-follow-up="${osloDay(-2)}"]`)).toContainText('(forfalt)')

  // The dashboard lists it among today's and overdue follow-ups; a click opens it.
  await page.getByRole('link', { name: 'Oversikt' }).first().click()
  const followUps = page.locator('[data-follow-ups]')
  await expect(followUps).toContainText('Åse Ødegård')
  await expect(followUps).toContainText('Ansvarlig: Administrator')
  await followUps.getByRole('link', { name: 'Åse Ødegård' }).click()
  const reopened = page.getByRole('dialog', { name: 'Lead-detaljer' })
  await expect(reopened.getByRole('list', { name: 'Historikk' }).locator('[data-event="note"]')).toContainText('Befaring torsdag')

  // The note is deleted by its author.
  await reopened.getByRole('button', { name: 'Slett notat' }).click()
  await expect(reopened.locator('[data-event="note"]')).toHaveCount(0)
})

test('a returning customer is flagged, and staff merge the two leads keeping notes and history', async ({ page }) => {
  await signIn(page)
  const kept = await createLead(page, { name: 'Kari Nordmann', phone: '+47 922 33 444', email: 'kari@example.no', tags: ['bad'] })
  const note = await page.request.post(`/api/admin/leads/${kept.id}/notes`, {
    data: { body: 'Befaring avtalt.' },
    headers: { 'X-Fagfolk-Csrf': '1' },
  })
  expect(note.status()).toBe(201)
  await enquire(page, 'Kari N.', '922 33 444')
  await enquire(page, 'Kari igjen', '400 11 222', 'KARI@example.no')

  await page.goto('/admin/leads')
  await page.getByLabel('Søk').fill('Kari')
  await expect(page.getByRole('row').filter({ hasText: 'Kari N.' }).locator('[data-duplicate]')).toHaveText('Mulig duplikat')
  await expect(page.getByRole('row').filter({ hasText: 'Kari Nordmann' }).locator('[data-duplicate]')).toHaveCount(0)

  // Not every match is a duplicate: a new job for the same customer keeps its own lead.
  await page.getByRole('button', { name: 'Vis Kari igjen' }).click()
  const details = page.getByRole('dialog', { name: 'Lead-detaljer' })
  await expect(details.locator('[data-duplicate-warning]')).toContainText('Kari Nordmann')
  await details.getByRole('button', { name: 'Ikke duplikat' }).click()
  await expect(details.locator('[data-duplicate-warning]')).toHaveCount(0)
  await details.getByRole('button', { name: 'Lukk' }).first().click()

  // Merged: the enquiry moves into the older lead, with its message and history.
  await page.getByRole('button', { name: 'Vis Kari N.' }).click()
  await expect(details.locator('[data-duplicate-warning]')).toContainText('Samme telefonnummer eller e-post som den åpne lead-en Kari Nordmann')
  await details.getByRole('button', { name: 'Slå sammen' }).click()
  const confirm = page.getByRole('dialog', { name: 'Slå sammen leads' })
  // The confirmation says which lead stays and which goes, by when it came in, status and contact details.
  const sides = confirm.locator('[data-merge-sides]')
  await expect(sides).toContainText('BeholdesKari Nordmann, kom inn')
  await expect(sides).toContainText('kari@example.no, 922 33 444')
  await expect(sides).toContainText('Slettes etter flyttingenKari N., kom inn')
  // The kept lead's own address stays the main one unless staff choose; the other is kept beside it.
  const emailChoice = confirm.getByRole('group', { name: 'Hoved-e-post etter sammenslåingen' })
  await expect(emailChoice.getByRole('radio', { name: 'Behold kari@example.no som hoved' })).toBeChecked()
  await expect(emailChoice.getByRole('radio', { name: 'Bruk kunde92233444@example.no som hoved' })).not.toBeChecked()
  // "+47 922 33 444" and "922 33 444" are stored as one number: there is nothing to choose.
  await expect(confirm.getByRole('group', { name: 'Hovednummer etter sammenslåingen' })).toHaveCount(0)
  const missing: string[] = []
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/api/')) missing.push(response.url())
  })
  await confirm.getByRole('button', { name: 'Slå sammen' }).click()
  await expect(details).toHaveAccessibleDescription('Kari Nordmann')
  const history = details.getByRole('list', { name: 'Historikk' })
  await expect(history.locator('[data-event="merged"]')).toContainText('Slått sammen med Kari N.')
  await expect(history.locator('[data-event="submission"]')).toContainText('Det drypper fra taket på badet.')
  await expect(history.locator('[data-event="submission"] [data-submission-contact]')).toContainText('kunde92233444@example.no')
  await expect(history.locator('[data-event="note"]')).toContainText('Befaring avtalt.')
  await expect(details.locator('[data-field="beskrivelse"]')).toContainText('Det drypper fra taket på badet.')
  await expect(details.locator('[data-field="email"]')).toContainText('kari@example.no')
  await expect(details.locator('[data-other-contacts]')).toContainText('kunde92233444@example.no')

  // Staff make the enquiry's address the main one; the old one takes its place beside it.
  await details.getByRole('button', { name: 'Gjør kunde92233444@example.no til hoved-e-post' }).click()
  await expect(details.locator('[data-field="email"]')).toContainText('kunde92233444@example.no')
  await expect(details.locator('[data-other-contacts]')).toContainText('kari@example.no')
  await details.getByRole('button', { name: 'Lukk' }).first().click()
  await expect(page.getByRole('button', { name: 'Vis Kari N.' })).toBeHidden()
  expect(missing, 'no request for the merged lead after it is gone').toEqual([])

  // Every address of both finds the kept lead.
  for (const address of ['kari@example.no', 'kunde92233444@example.no']) {
    await page.getByLabel('Søk').fill(address)
    await expect(page.getByRole('button', { name: 'Vis Kari Nordmann' })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Vis Kari Nordmann' })).toBeVisible()
})

test('the filtered leads download as a CSV file that Norwegian Excel opens', async ({ page }) => {
  await signIn(page)
  await createLead(page, { name: 'Bjørn Ærlig', phone: '455 66 777', status: 'Tilbud sendt', beskrivelse: 'Kjøkken; 12 m²' })
  await createLead(page, { name: 'Annen Status', status: 'Ny' })
  await page.goto('/admin/leads')
  await page.getByLabel('Status', { exact: true }).selectOption('Tilbud sendt')
  await expect(page.getByRole('button', { name: 'Vis Annen Status' })).toBeHidden()

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Eksporter CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  const file = Buffer.concat(chunks)
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = file.subarray(3).toString('utf8').split('\r\n')
  expect(lines[0]).toBe('Navn;E-post;Telefon;Status;Kilde;Beskrivelse;Adresse;Postnummer;Tags;Oppfølging;Ansvarlig;Opprettet;Sist oppdatert')
  const rows = lines.slice(1).filter(Boolean)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatch(/^Bjørn Ærlig;;455 66 777;Tilbud sendt;Web;"Kjøkken; 12 m²";;;;;;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
})

test('an admin hands a customer their data, erases it, and sets the retention rule', async ({ page }) => {
  await enquire(page, 'Gro Personvern', '477 88 999', 'gro@example.no')
  await signIn(page)
  await createLead(page, { name: 'Gro P.', email: 'Gro@Example.no' })
  await createLead(page, { name: 'Noen Andre', email: 'andre@example.no' })
  await page.getByRole('link', { name: 'Personvern' }).first().click()
  await expect(page.getByRole('heading', { name: 'Personvern', level: 1 })).toBeVisible()

  await page.getByLabel('E-post eller telefon').fill('GRO@example.no')
  await page.getByRole('button', { name: 'Finn opplysninger' }).click()
  const found = page.locator('[data-person-found]')
  await expect(found).toContainText('Fant 2 leads, 1 henvendelse og 0 notater om GRO@example.no.')
  const [download] = await Promise.all([page.waitForEvent('download'), found.getByRole('button', { name: 'Last ned JSON' }).click()])
  expect(download.suggestedFilename()).toMatch(/^personopplysninger-\d{4}-\d{2}-\d{2}\.json$/)
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  const data = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  expect(data.leads.map((lead: { name: string }) => lead.name).sort()).toEqual(['Gro P.', 'Gro Personvern'])
  expect(data.submissions[0].message).toBe('Det drypper fra taket på badet.')
  // And as a page the person can read: Norwegian, with Norwegian dates, without ids.
  const [page2] = await Promise.all([page.waitForEvent('download'), found.getByRole('button', { name: 'Last ned lesbar oversikt' }).click()])
  expect(page2.suggestedFilename()).toMatch(/^personopplysninger-\d{4}-\d{2}-\d{2}\.html$/)
  const htmlChunks: Buffer[] = []
  for await (const chunk of await page2.createReadStream()) htmlChunks.push(chunk as Buffer)
  const html = Buffer.concat(htmlChunks).toString('utf8')
  const reader = await page.context().newPage()
  await reader.setContent(html)
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(/^Personopplysninger hos /)
  await expect(reader.getByRole('heading', { name: 'Gro Personvern' })).toBeVisible()
  await expect(reader.getByText('Det drypper fra taket på badet.').first()).toBeVisible()
  expect(html).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|created_at|\d{4}-\d{2}-\d{2}T/)
  await reader.close()

  await found.getByRole('button', { name: 'Slett alle opplysninger' }).click()
  const confirm = page.getByRole('dialog', { name: 'Slett personopplysninger?' })
  await expect(confirm).toContainText('slettes permanent')
  await confirm.getByRole('button', { name: 'Slett opplysninger' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Slettet 2 leads, 1 henvendelse og 0 notater.' })).toBeVisible()

  // Gone: searched again, nothing is found, and what was typed stays.
  await page.getByLabel('E-post eller telefon').fill('477 88 999')
  await page.getByRole('button', { name: 'Finn opplysninger' }).click()
  await expect(page.getByText('Fant ingen opplysninger om denne personen.')).toBeVisible()
  await expect(page.getByLabel('E-post eller telefon')).toHaveValue('477 88 999')
  await page.goto('/admin/leads')
  await expect(page.getByRole('button', { name: 'Vis Noen Andre' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Vis Gro P.' })).toBeHidden()

  // The retention rule: off by default, saved, and still set after a reload.
  await page.goto('/admin/privacy')
  const rule = page.getByLabel('Anonymiser vunne og tapte leads etter')
  await expect(rule).toHaveValue('')
  await rule.selectOption({ label: '12 måneder' })
  await page.getByRole('button', { name: 'Lagre sletteregel' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Vunne og tapte leads anonymiseres etter 12 måneder.' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Anonymiser vunne og tapte leads etter')).toHaveValue('12')
})
