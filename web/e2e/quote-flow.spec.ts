import type { Browser, Page } from '@playwright/test'
import { signIn } from './admin'
import { png } from './fixtures'
import { Mailbox, pdfText } from './mailbox'
import { expect, startServer, test } from './server'

// The quote and the befaring as the customer and the office expect them (#41): a
// homeowner on a phone (375 px) sends an enquiry with two photos, two days and an
// address; the office (1280 px) books the befaring from an offered day and makes a quote
// from the catalogue whose consumer prices are the public site's; "Revider" leaves the
// customer able to accept until the new version is sent; the new version is accepted with
// an early start, and a declined quote tells the office. Every e-mail is read back from a
// mailbox on a real socket.

/** "123450" øre as the pages write it: "1 234,50 kr". */
function kroner(ore: number): string {
  const whole = String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')
  return `${whole},${String(ore % 100).padStart(2, '0')}\u00a0kr`
}

/** Every priced service on the public category pages: its name and its "Fra" price in kroner. */
async function advertisedPrices(page: Page): Promise<Map<string, number>> {
  const prices = new Map<string, number>()
  for (const path of ['/tjenester/elektriker', '/tjenester/rorlegger', '/tjenester/kjokken-bad']) {
    await page.goto(path)
    await expect(page.getByText('inkl. mva').first()).toBeVisible()
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('main h3')].flatMap((heading) => {
        const match = /Fra ([\d\u00a0 ]+) kr/.exec(heading.parentElement?.textContent ?? '')
        return match ? [[heading.textContent?.trim() ?? '', Number(match[1]!.replace(/[\u00a0 ]/g, ''))] as const] : []
      }),
    )
    for (const [name, price] of found) if (!prices.has(name)) prices.set(name, price)
  }
  return prices
}

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } })).newPage()
}

test('a catalogue line costs a private customer what the public site advertises, for every service', async ({ page }, info) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const advertised = await advertisedPrices(page)
  expect(advertised.size).toBeGreaterThanOrEqual(16)
  await signIn(page)
  const headers = { 'X-Fagfolk-Csrf': '1' }
  const lead = (await (await page.request.post('/api/admin/leads', { data: { name: 'Kari Katalog', status: 'Ny' }, headers })).json()) as { id: string }
  await page.goto(`/admin/leads/${lead.id}`)
  await page.getByRole('button', { name: 'Nytt tilbud' }).click()
  await expect(page).toHaveURL(/\/admin\/tilbud\//)
  const catalogue = page.getByLabel('Fra tjenestekatalogen')
  // The catalogue comes with the services' own request: wait for it, not for a time.
  await expect.poll(() => catalogue.locator('option').count()).toBeGreaterThan(1)
  const options = (await catalogue.locator('option').allTextContents()).slice(1)
  const priced = options.filter((option) => option.includes('(fra '))
  // The seed's sixteen services, each with a price.
  expect(priced.length).toBeGreaterThanOrEqual(16)
  // Every priced service of the catalogue is on the public site, at the same price.
  for (const option of priced) {
    const name = option.slice(0, option.indexOf(' (fra '))
    expect(advertised.get(name), name).toBe(Number(/\(fra (\d+) kr inkl\. MVA\)/.exec(option)![1]))
  }
  for (let index = 1; index <= options.length; index++) await catalogue.selectOption({ index })
  await expect(page.locator('[data-quote-line]')).toHaveCount(options.length)
  await expect(page.locator('[data-save-state]')).toContainText('Utkastet er lagret')
  const preview = page.getByLabel('Forhåndsvisning')
  let total = 0
  for (const option of priced) {
    const name = option.slice(0, option.indexOf(' (fra '))
    const price = advertised.get(name)!
    const line = preview.locator('li').filter({ hasText: name }).first()
    await expect(line.locator('span.shrink-0'), name).toHaveText(kroner(price * 100))
    total += price * 100
  }
  await expect(preview.locator('[data-preview-total]')).toHaveText(kroner(total))
  await expect(page.locator('#q-catalogue-rule')).toContainText('18\u00a0900,00\u00a0kr inkl. MVA = 15\u00a0120,00\u00a0kr eks. MVA')
  await page.screenshot({ path: info.outputPath('katalog-tilbud-1280.png'), fullPage: true })
})

test('an enquiry with photos, days and an address; befaring, quote, revision, acceptance and a decline, every e-mail read', async ({ browser }, info) => {
  test.setTimeout(240_000)
  const mail = await Mailbox.start()
  const server = await startServer({ FAGFOLK_SMTP_URL: `smtp://127.0.0.1:${mail.port}`, FAGFOLK_NOTIFY_TO: 'post@fagfolk.test' })
  try {
    const to = (address: string) => (raw: string) => raw.includes(`To: ${address}`)

    // The homeowner, on a phone: two photos, two days and the address.
    const customer = await phone(browser, server.url)
    await customer.goto('/kontakt')
    const form = customer.getByRole('form', { name: 'Kontaktskjema' })
    await form.getByLabel('Navn *').fill('Kari Nordmann')
    await form.getByLabel('Telefon *').fill('912 34 567')
    await form.getByLabel('E-post *').fill('kari@example.no')
    await form.getByLabel('Prosjektbeskrivelse *').fill('Sikringsskapet er gammelt og det lukter svidd.')
    await form.getByLabel('Adresse der jobben skal gjøres').fill('Storgata 1')
    await form.getByLabel('Postnummer').fill('0155')
    await form.locator('[data-photo-input]').setInputFiles([
      { name: 'skap.png', mimeType: 'image/png', buffer: png(300, 400) },
      { name: 'kurs.png', mimeType: 'image/png', buffer: png(400, 300) },
    ])
    await expect(form.getByText('Lastet opp')).toHaveCount(2, { timeout: 30_000 })
    const days = form.getByRole('group', { name: /Når passer det med befaring/ })
    await days.getByLabel('Dag 1', { exact: true }).selectOption({ index: 1 })
    await days.getByLabel('Tid på dag 1').selectOption('formiddag')
    await days.getByLabel('Dag 2', { exact: true }).selectOption({ index: 2 })
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await customer.screenshot({ path: info.outputPath('henvendelse-375.png'), fullPage: true })
    await form.getByRole('button', { name: /Send/ }).click()
    // The thanks repeats what was sent.
    const thanks = customer.locator('[data-contact-thanks]')
    await expect(thanks).toContainText('Bilder: 2')
    await expect(thanks).toContainText('Ønsket tid: ')
    await expect(thanks).toContainText('Adresse: Storgata 1, 0155')
    await thanks.screenshot({ path: info.outputPath('takk-375.png') })

    const notice = await mail.next(to('post@fagfolk.test'))
    expect(notice.subject).toBe('Ny henvendelse fra Kari Nordmann')
    expect(notice.text).toContain('Adresse: Storgata 1, 0155')
    expect(notice.text).toContain('Ønsket tid for befaring:')
    expect(notice.text).toContain('formiddag')
    expect(notice.text).toContain('Bilder: 2')
    const receipt = await mail.next(to('kari@example.no'))
    expect(receipt.subject).toBe('Vi har mottatt henvendelsen din')
    expect(receipt.text).toContain('Adresse: Storgata 1, 0155')
    expect(receipt.text).toContain('Bilder: 2')
    const leadPath = /\/admin\/leads\/[0-9a-f-]{36}/.exec(notice.text)![0]

    // The office: the lead's page from the e-mail's link; the befaring from an offered day.
    const office = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } })).newPage()
    await signIn(office)
    // The list marks the lead's photos, and its name opens the lead's page.
    await office.goto('/admin/leads')
    await office.getByRole('tab', { name: 'Tabell' }).click()
    const row = office.getByRole('row', { name: /Kari Nordmann/ })
    await expect(row.locator('[data-photo-count]')).toHaveText('2 bilder')
    // The quick view shows what the lead's page shows: the photos, the days, befaring and quotes.
    await row.getByRole('button', { name: 'Vis Kari Nordmann' }).click()
    const quick = office.getByRole('dialog', { name: 'Lead-detaljer' })
    await expect(quick.getByText('Bilder (2)')).toBeVisible()
    await expect(quick.getByRole('button', { name: 'Avtal befaring' })).toBeVisible()
    await expect(quick.getByRole('button', { name: 'Nytt tilbud' })).toBeVisible()
    await office.screenshot({ path: info.outputPath('hurtigvisning-1280.png') })
    await office.keyboard.press('Escape')
    await expect(quick).toBeHidden()
    await row.getByRole('link', { name: 'Kari Nordmann' }).click()
    await expect(office).toHaveURL(new RegExp(`${leadPath}$`))
    await expect(office.getByRole('heading', { name: 'Kari Nordmann', level: 1 })).toBeVisible()
    await office.getByRole('button', { name: 'Avtal befaring' }).click()
    const dialog = office.getByRole('dialog', { name: 'Avtal befaring' })
    const offered = dialog.locator('[data-offered-days]').getByRole('button')
    await expect(offered).toHaveCount(2)
    await offered.first().click()
    await expect(dialog.getByLabel('Klokkeslett')).toHaveValue('09:00')
    await expect(dialog.getByLabel('Adresse')).toHaveValue('Storgata 1')
    await expect(dialog.getByLabel('Hvem drar')).not.toHaveValue('')
    await office.screenshot({ path: info.outputPath('befaring-fra-onsket-dag-1280.png') })
    await dialog.getByRole('button', { name: 'Avtal befaring' }).click()
    await expect(dialog).toBeHidden()
    const invitation = await mail.next(to('kari@example.no'))
    expect(invitation.calendar).toMatch(/LOCATION:Storgata 1\\, 0155/)
    await mail.next(to('admin@fagfolk.test'))

    // A quote from three catalogue lines: each line's total including MVA is the public price.
    await office.getByRole('button', { name: 'Nytt tilbud' }).click()
    await expect(office).toHaveURL(/\/admin\/tilbud\//)
    const catalogue = office.getByLabel('Fra tjenestekatalogen')
    await expect.poll(() => catalogue.locator('option').count()).toBeGreaterThan(3)
    const options = (await catalogue.locator('option').allTextContents()).slice(1, 4)
    for (const index of [1, 2, 3]) await catalogue.selectOption({ index })
    const preview = office.getByLabel('Forhåndsvisning')
    for (const option of options) {
      const price = Number(/\(fra (\d+) kr/.exec(option)![1])
      await expect(preview.locator('li').filter({ hasText: option.slice(0, option.indexOf(' (fra ')) }).locator('span.shrink-0')).toHaveText(kroner(price * 100))
    }
    await office.getByLabel('Avtalen inngås utenfor forretningsstedet').check()
    await expect(office.locator('[data-save-state]')).toContainText('Utkastet er lagret')
    await office.getByRole('button', { name: 'Send til kunden' }).click()
    const confirm = office.getByRole('dialog', { name: 'Sende tilbudet?' })
    await expect(confirm).toContainText('Tilbudet sendes til kari@example.no med PDF og lenke.')
    await confirm.getByLabel('Personlig melding (valgfritt)').fill('Takk for en hyggelig befaring i dag!')
    await office.screenshot({ path: info.outputPath('send-bekreft-1280.png') })
    await confirm.getByRole('button', { name: 'Send til kunden' }).click()
    await expect(office.locator('[data-sent-link]')).toBeVisible()
    const first = await mail.next(to('kari@example.no'))
    expect(first.text).toContain('Takk for en hyggelig befaring i dag!')
    expect(first.replyTo).toBe('admin@fagfolk.test')
    expect(first.html).toContain('>Se tilbudet</a>')
    for (const line of first.text.split('\n')) expect(line.length <= 78 || /^https?:\/\/\S+$/.test(line), line).toBe(true)
    const v1Link = /https?:\/\/[^\s]+\/tilbud\/[A-Za-z0-9_-]+/.exec(first.text)![0]
    await office.screenshot({ path: info.outputPath('tilbud-v1-sendt-1280.png'), fullPage: true })

    // "Revider": version 2 is a draft, and the customer can still accept version 1.
    await office.getByRole('button', { name: 'Revider' }).click()
    await expect(office.locator('[data-replaces]')).toContainText('Kunden kan fortsatt akseptere versjon 1')
    await customer.goto(new URL(v1Link).pathname)
    await expect(customer.getByRole('button', { name: 'Aksepter tilbudet' })).toBeVisible()
    await customer.screenshot({ path: info.outputPath('v1-fortsatt-apen-375.png'), fullPage: true })
    await office.getByLabel('Innledning').fill('Som avtalt på befaringen: nytt skap med overspenningsvern.')
    await expect(office.locator('[data-save-state]')).toContainText('Utkastet er lagret')
    await office.screenshot({ path: info.outputPath('tilbud-v2-utkast-1280.png'), fullPage: true })
    await office.getByRole('button', { name: 'Send til kunden' }).click()
    await office.getByRole('dialog', { name: 'Sende tilbudet?' }).getByRole('button', { name: 'Send til kunden' }).click()
    await expect(office.locator('[data-sent-link]')).toBeVisible()
    const second = await mail.next(to('kari@example.no'))
    expect(second.text).toContain('Dette er versjon 2 av tilbudet. Den erstatter versjonen vi sendte deg før')
    const v2Link = /https?:\/\/[^\s]+\/tilbud\/[A-Za-z0-9_-]+/.exec(second.text)![0]
    await customer.goto(new URL(v1Link).pathname)
    await expect(customer.locator('[data-quote-state="replaced"]')).toContainText('Tilbudet er erstattet av versjon 2.')

    // Version 2 accepted with an early start: the page thanks, and every copy says so.
    await customer.goto(new URL(v2Link).pathname)
    await customer.getByLabel('Fullt navn').fill('Kari Nordmann')
    await customer.getByText('Jeg har lest tilbudet og vilkårene').click()
    await customer.getByText(/starter før angrefristen/).first().click()
    await customer.getByRole('button', { name: 'Aksepter tilbudet' }).click()
    const accepted = customer.locator('[data-quote-state="accepted"]')
    await expect(accepted).toContainText('Takk for at du valgte oss!')
    await expect(accepted).toContainText('Du ba om at arbeidet starter før angrefristen på 14 dager er ute.')
    await customer.screenshot({ path: info.outputPath('akseptert-375.png'), fullPage: true })
    const confirmation = await mail.next((raw) => to('kari@example.no')(raw) && raw.includes('application/pdf') && raw.includes('Bekreftelse'))
    expect(confirmation.text).toContain('(versjon 2)')
    expect(confirmation.text).toContain('Du ba om at arbeidet starter før angrefristen på 14 dager er ute.')
    const copy = confirmation.attachments.find((file) => file.type === 'application/pdf')!
    expect(copy.name).toMatch(/^Tilbud-\d{4}-\d{4}-v2-akseptert\.pdf$/)
    const stamped = pdfText(copy.bytes)
    expect(stamped).toContain('av Kari Nordmann')
    expect(stamped).toContain('Du ba om at arbeidet starter før angrefristen')
    const toStaff = await mail.next(to('post@fagfolk.test'))
    expect(toStaff.text).toContain('Kunden ba om at arbeidet starter før angrefristen på 14 dager er ute.')

    // Another customer declines: asked once, staff e-mailed, the lead lost.
    const headers = { 'X-Fagfolk-Csrf': '1' }
    const other = (await (await office.request.post('/api/admin/leads', { data: { name: 'Per Hansen', status: 'Ny', email: 'per@example.no' }, headers })).json()) as { id: string }
    const line = { description: 'Bytte av sikringsskap', quantity: 100, unit: 'stk', unit_price: 1_512_000, vat: 25 }
    const made = (await (await office.request.post(`/api/admin/leads/${other.id}/quotes`, { data: { lines: [line] }, headers })).json()) as { id: string }
    const sent = (await (await office.request.post(`/api/admin/quotes/${made.id}/send`, { headers })).json()) as { link: string }
    await mail.next(to('per@example.no'))
    await customer.goto(new URL(sent.link).pathname)
    await customer.getByLabel('Grunn (valgfritt)').fill('For dyrt for oss i år.')
    await customer.getByText('Ja, jeg vil avslå tilbudet').click()
    await customer.getByRole('button', { name: 'Avslå tilbudet' }).click()
    await expect(customer.locator('[data-quote-state="declined"]')).toContainText('Du avslo tilbudet')
    const declined = await mail.next((raw) => to('post@fagfolk.test')(raw) && raw.includes('avsl'))
    expect(declined.text).toContain('Per Hansen avslo tilbud')
    expect(declined.text).toContain('For dyrt for oss i år.')
    await office.goto(`/admin/leads/${other.id}`)
    await expect(office.getByLabel('Status', { exact: true })).toHaveValue('Tapt')
    await office.screenshot({ path: info.outputPath('avslatt-lead-1280.png'), fullPage: true })
  } finally {
    await server.stop()
    await mail.stop()
  }
})
