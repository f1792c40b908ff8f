import type { Locator, Page } from '@playwright/test'
import { adminPassword, createLead, signIn, submitSignIn } from './admin'
import { seriousViolations } from './axe'
import { type Mail, Mailbox } from './mailbox'
import { expect, startServer, test } from './server'

// Planleggingstavle (#63): the office plans a job over three days for two people, by drag
// and by keyboard, sees a clash and resolves it, moves a day and marks a day away (1280
// px); the montør sees the plan in "Mine oppdrag" and takes it to the phone's calendar
// (375 px). The board reads the same in both themes to axe.

const headers = { 'X-Fagfolk-Csrf': '1' }

/** Today in Oslo, moved `days` on, as "YYYY-MM-DD". */
function osloDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date())
  const [y = 1970, m = 1, d = 1] = today.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

async function montor(page: Page, name: string, email: string): Promise<string> {
  const made = await page.request.post('/api/admin/users', { data: { name, email, password: adminPassword, role: 'montor' }, headers })
  expect(made.status()).toBe(201)
  return ((await made.json()) as { id: string }).id
}

const cell = (page: Page, name: string, day: string) => page.locator(`[data-plan-grid] [data-cell="${name} ${day}"]`)

/** Drags `handle` onto `target` with the mouse, in small steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded()
  await handle.scrollIntoViewIfNeeded()
  const from = (await handle.boundingBox())!
  const to = (await target.boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 4 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
  await page.mouse.up()
}

test('the office plans two people over three days by drag and keyboard, resolves a clash, moves a day; the montør sees it on the phone', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await montor(page, 'Kari Plan', 'kari.plan@fagfolk.test')
  await montor(page, 'Per Plan', 'per.plan@fagfolk.test')
  const lead = await createLead(page, { name: 'Liv Lie', phone: '912 34 567', adresse: 'Storgata 1', postnr: '0155' })
  for (const title of ['Nytt bad', 'Varmepumpe']) {
    const made = await page.request.post(`/api/admin/leads/${lead.id}/jobs`, { data: { title, hourly_rate: 85_000, workers: [] }, headers })
    expect(made.status()).toBe(201)
  }
  const [d1, d2, d3] = [osloDay(0), osloDay(1), osloDay(2)]

  // Two weeks from this week's Monday: today and the two days after are always on it.
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Planlegging' }).click()
  await expect(page.getByRole('heading', { name: 'Planleggingstavle', level: 1 })).toBeVisible()
  await page.getByLabel('Vis').selectOption('14')
  await expect(page).toHaveURL(/dager=14/)
  await expect(page.locator('[data-plan-grid] thead th')).toHaveCount(15)
  await expect(page.getByText('Ingen kollisjoner.')).toBeVisible()

  // By drag: "Nytt bad" onto Kari's three days.
  const job = page.locator('[data-job-card="Nytt bad"]')
  await expect(job).toContainText('ikke planlagt')
  for (const day of [d1, d2, d3]) {
    await drag(page, job.getByRole('button', { name: 'Dra Nytt bad til en person og dag' }), cell(page, 'Kari Plan', day))
    await expect(cell(page, 'Kari Plan', day).locator('[data-plan="Nytt bad"]')).toBeVisible()
  }
  await expect(cell(page, 'Kari Plan', d1)).toContainText('Storgata 1')

  // By keyboard: "Planlegg" on the job, Per, the same three days from 07:30.
  await job.getByRole('button', { name: 'Planlegg' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Planlegg oppdrag' })
  await expect(dialog.getByLabel('Oppdrag')).toBeFocused()
  expect(await seriousViolations(page), 'planlegg oppdrag').toEqual([])
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Kari Plan')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Per Plan')).toBeFocused()
  await page.keyboard.press('Space')
  await dialog.getByLabel('Første dag', { exact: true }).pressSequentially(d1.split('-').reverse().join('.'))
  await dialog.getByLabel('Siste dag', { exact: true }).pressSequentially(d3.split('-').reverse().join('.'))
  await dialog.getByLabel('Fra klokken').fill('07:30')
  await page.keyboard.press('Enter')
  await expect(page.getByText('3 dager planlagt')).toBeVisible()
  for (const day of [d1, d2, d3]) await expect(cell(page, 'Per Plan', day).locator('[data-plan="Nytt bad"]')).toContainText('fra 07:30')

  // A clash: "Varmepumpe" dragged onto Per's second day. The cell says so in words.
  await drag(page, page.locator('[data-job-card="Varmepumpe"]').getByRole('button', { name: /^Dra Varmepumpe/ }), cell(page, 'Per Plan', d2))
  await expect(cell(page, 'Per Plan', d2)).toContainText('Per Plan har 2 oppdrag denne dagen.')
  await expect(page.getByText('1 dag kolliderer: se de røde rutene.')).toBeVisible()
  await page.screenshot({ path: info.outputPath('tavle-kollisjon-1280.png'), fullPage: true })

  // Resolved: the Varmepumpe day opened and moved to Per's day after the span.
  await cell(page, 'Per Plan', d2).locator('[data-plan="Varmepumpe"]').getByRole('button').last().click()
  const day = page.getByRole('dialog', { name: 'Varmepumpe' })
  await expect(day.getByLabel('Hvem')).toBeVisible()
  expect(await seriousViolations(page), 'den planlagte dagen').toEqual([])
  await day.getByLabel('Dag', { exact: true }).fill(osloDay(3).split('-').reverse().join('.'))
  await day.getByRole('button', { name: 'Lagre' }).click()
  await expect(page.getByText('Dagen er flyttet')).toBeVisible()
  await expect(page.getByText('Ingen kollisjoner.')).toBeVisible()
  await expect(cell(page, 'Per Plan', osloDay(3)).locator('[data-plan="Varmepumpe"]')).toBeVisible()

  // A day moved by keyboard: Kari's last day lifted, one to the right, dropped.
  const handle = cell(page, 'Kari Plan', d3).getByRole('button', { name: /^Flytt Nytt bad/ })
  await handle.scrollIntoViewIfNeeded()
  await handle.focus()
  await page.keyboard.press('Space')
  await expect(page.getByText(/Nytt bad er over Kari Plan/)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(new RegExp(`Nytt bad er over Kari Plan, \\S+ ${Number(osloDay(3).slice(8))}\\.`))).toBeAttached()
  await page.keyboard.press('Space')
  await expect(cell(page, 'Kari Plan', osloDay(3)).locator('[data-plan="Nytt bad"]')).toBeVisible()
  await expect(cell(page, 'Kari Plan', d3).locator('[data-plan="Nytt bad"]')).toHaveCount(0)

  // Kari away on the fifth day, by her cell's "+": the board shows it.
  await cell(page, 'Kari Plan', osloDay(4)).getByRole('button', { name: /planlegg eller før fravær/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Kurs' }).click()
  await expect(cell(page, 'Kari Plan', osloDay(4)).locator('[data-absence="kurs"]')).toHaveText('Kurs')

  // What the board shows is what was saved.
  await page.reload()
  for (const day of [d1, d2]) await expect(cell(page, 'Kari Plan', day).locator('[data-plan="Nytt bad"]')).toBeVisible()
  for (const day of [d1, d2, d3]) await expect(cell(page, 'Per Plan', day).locator('[data-plan="Nytt bad"]')).toBeVisible()
  await page.screenshot({ path: info.outputPath('tavle-1280.png'), fullPage: true })
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => window.localStorage.setItem('theme', t), theme)
    await page.reload()
    await expect(cell(page, 'Per Plan', d1).locator('[data-plan="Nytt bad"]')).toBeVisible()
    expect(await seriousViolations(page), `tavlen (${theme})`).toEqual([])
  }

  // Per on his phone: today's plan on "Mine oppdrag", and his calendar in one tap.
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })).newPage()
  await submitSignIn(phone, 'per.plan@fagfolk.test', adminPassword)
  await expect(phone).toHaveURL('/admin/mine-oppdrag')
  const today = phone.locator('[data-plan-today]')
  await expect(today).toContainText('Nytt bad')
  await expect(today).toContainText('Liv Lie · Fra 07:30')
  await expect(today).toContainText('Storgata 1')
  // Planned on the job, he works on it: its hours are two taps away.
  await expect(phone.getByRole('heading', { name: 'Nytt bad', level: 2 })).toBeVisible()
  await phone.getByRole('button', { name: 'Abonner i kalenderen' }).tap()
  const webcal = phone.locator('[data-feed-webcal]')
  await expect(webcal).toHaveAttribute('href', /^webcal:\/\//)
  const feed = await phone.request.get((await phone.locator('[data-feed-url]').inputValue()).replace(baseURL ?? '', ''))
  expect(await feed.text()).toContain('SUMMARY:Nytt bad: Liv Lie')
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await phone.screenshot({ path: info.outputPath('mine-oppdrag-plan-375.png'), fullPage: true })

  // The board at 375 px is a list per day.
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.locator('[data-plan-grid]')).toBeHidden()
  await expect(page.locator('[data-plan-days] [data-day-person="Per Plan"]').first()).toContainText('Nytt bad')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: info.outputPath('tavle-375.png'), fullPage: true })
})

test('the office reads the plan as the customer will, edits it and sends it; a change says what changed', async ({ browser }, info) => {
  test.setTimeout(120_000)
  const mail = await Mailbox.start()
  const server = await startServer({ FAGFOLK_SMTP_URL: `smtp://127.0.0.1:${mail.port}`, FAGFOLK_NOTIFY_TO: 'post@fagfolk.test' })
  try {
    const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } })).newPage()
    await signIn(page)
    const kari = await montor(page, 'Kari Plan', 'kari.plan@fagfolk.test')
    const lead = await createLead(page, { name: 'Liv Lie', email: 'liv@example.no', phone: '912 34 567', adresse: 'Storgata 1', postnr: '0155' })
    const made = await page.request.post(`/api/admin/leads/${lead.id}/jobs`, { data: { title: 'Nytt bad', hourly_rate: 85_000, workers: [] }, headers })
    const job = ((await made.json()) as { id: string }).id
    const [d1, d2, d3] = [osloDay(7), osloDay(8), osloDay(9)]
    const planned = await page.request.post('/api/admin/plan-days', { data: { job_id: job, user_ids: [kari], from: d1, to: d2, starts_at: '07:30' }, headers })
    expect(planned.status()).toBe(201)
    const fromCustomer = (raw: string) => raw.includes('To: liv@example.no')

    await page.goto(`/admin/oppdrag/${job}`)
    const section = page.getByRole('region', { name: 'Si fra til kunden om planen' })
    await expect(section.getByRole('list', { name: 'Planlagte dager' }).getByRole('listitem')).toHaveCount(2)
    await section.getByRole('button', { name: 'Vis e-posten til kunden' }).click()
    const text = section.getByLabel('Tekst til kunden')
    await expect(text).toHaveValue(/Hei Liv Lie!/)
    await expect(text).toHaveValue(/fra kl\. 07:30/)
    expect(await seriousViolations(page), 'e-posten til kunden').toEqual([])
    await text.press('End')
    await text.pressSequentially('\nPS: Vi trenger strøm i gangen.')
    await section.getByRole('button', { name: 'Send til kunden' }).click()
    await expect(page.getByText('Planen er sendt til kunden')).toBeVisible()
    const first = await mail.next(fromCustomer)
    expect(first.subject).toBe('Planen for «Nytt bad»')
    expect(first.text).toContain('PS: Vi trenger strøm i gangen.')
    const calendar = (mail: Mail) => {
      const file = mail.attachments.find((part) => part.name.endsWith('.ics'))
      return (file ? file.bytes.toString('utf8') : (mail.calendar ?? '')).replace(/\r\n /g, '')
    }
    expect(calendar(first).match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(calendar(first)).toContain(`DTSTART;TZID=Europe/Oslo:${d1.replaceAll('-', '')}T073000`)

    // The second day moved on a day: the preview says what changed, and so does the e-mail.
    const board = (await (await page.request.get(`/api/admin/plan?from=${d1}&days=7`)).json()) as { people: { user_id: string; cells: { day: string; plans: { id: string }[] }[] }[] }
    const second = board.people.find((row) => row.user_id === kari)!.cells.find((cell) => cell.day === d2)!.plans[0]!.id
    const moved = await page.request.put(`/api/admin/plan-days/${second}`, { data: { day: d3 }, headers })
    expect(moved.status()).toBe(200)
    await page.reload()
    const changes = section.getByRole('list', { name: 'Endringer' })
    await expect(changes).toContainText('Ny dag:')
    await expect(changes).toContainText('Ikke lenger:')
    await page.screenshot({ path: info.outputPath('plan-til-kunden-1280.png'), fullPage: true })
    await section.getByRole('button', { name: 'Vis e-posten til kunden' }).click()
    await expect(section.getByLabel('Tekst til kunden')).toHaveValue(/er endret/)
    await section.getByRole('button', { name: 'Send til kunden' }).click()
    await expect(page.getByText('Planen er sendt til kunden')).toBeVisible()
    const changed = await mail.next(fromCustomer)
    expect(changed.subject).toBe('Endret plan for «Nytt bad»')
    expect(changed.text).toContain('Ikke lenger:')
    expect(calendar(changed)).toContain('STATUS:CANCELLED')
    expect(calendar(changed)).toContain(`DTSTART;TZID=Europe/Oslo:${d3.replaceAll('-', '')}T073000`)
  } finally {
    await server.stop()
    await mail.stop()
  }
})

/** The board's small targets: each "+" and each grip at least 24 x 24 CSS px (WCAG 2.2,
 * 2.5.8), measured where they are drawn. */
async function targetsAtLeast24(page: Page) {
  const targets = page.locator('[data-plan-grid] [data-cell-plus], [data-plan-grid] [data-grip], [data-job-card] [data-grip]')
  const count = await targets.count()
  expect(count).toBeGreaterThan(3)
  for (let index = 0; index < count; index += 1) {
    const box = await targets.nth(index).boundingBox()
    expect(box, `mål ${index}`).not.toBeNull()
    expect(box!.width, `bredde på mål ${index}`).toBeGreaterThanOrEqual(24)
    expect(box!.height, `høyde på mål ${index}`).toBeGreaterThanOrEqual(24)
  }
}

const shots = process.env.PLAN_SHOTS
/** A screenshot in the test's folder, and in `PLAN_SHOTS` when set (to look at). */
async function shot(page: Page, name: string, path: string) {
  await page.screenshot({ path, fullPage: false })
  if (shots) await page.screenshot({ path: `${shots}/${name}`, fullPage: false })
}

test("a week's ferie in one dialog offers to move what was planned; a day after the job's end is said in words; the targets are 24 px and the dialog's button in sight on a phone", async ({ page }, info) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const kari = await montor(page, 'Kari Ferie', 'kari.ferie@fagfolk.test')
  const per = await montor(page, 'Per Vikar', 'per.vikar@fagfolk.test')
  const lead = await createLead(page, { name: 'Ola Berg', phone: '913 45 678', adresse: 'Kirkeveien 2', postnr: '0368' })
  const made = await page.request.post(`/api/admin/leads/${lead.id}/jobs`, { data: { title: 'Nytt kjøkken', hourly_rate: 85_000, workers: [] }, headers })
  const job = ((await made.json()) as { id: string }).id
  const [d0, d1, d2] = [osloDay(0), osloDay(1), osloDay(2)]
  const ends = await page.request.put(`/api/admin/jobs/${job}`, { data: { title: 'Nytt kjøkken', start_day: d0, end_day: d1, hourly_rate: 85_000 }, headers })
  expect(ends.status()).toBe(200)
  const planned = await page.request.post('/api/admin/plan-days', { data: { job_id: job, user_ids: [kari], from: d0, to: d2 }, headers })
  expect(planned.status()).toBe(201)

  await page.goto('/admin/planlegging?dager=14')
  await expect(cell(page, 'Kari Ferie', d2).locator('[data-plan="Nytt kjøkken"]')).toBeVisible()
  // The day after the job's last day: said in the cell and on the card, in words.
  await expect(cell(page, 'Kari Ferie', d2)).toContainText('«Nytt kjøkken» er planlagt etter oppdragets siste dag')
  await expect(cell(page, 'Kari Ferie', d2).locator('[data-after-end]')).toContainText('Etter siste dag')
  await expect(cell(page, 'Kari Ferie', d1).locator('[data-after-end]')).toHaveCount(0)
  await targetsAtLeast24(page)

  // Kari away the whole week from today, from her cell's "+" by keyboard.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => window.localStorage.setItem('theme', t), theme)
    await page.reload()
    await expect(cell(page, 'Kari Ferie', d0).locator('[data-plan="Nytt kjøkken"]')).toBeVisible()
    await shot(page, `tavle-1280-${theme}.png`, info.outputPath(`tavle-1280-${theme}.png`))
    expect(await seriousViolations(page), `tavlen (${theme})`).toEqual([])
  }
  const plus = cell(page, 'Kari Ferie', d0).getByRole('button', { name: /planlegg eller før fravær/ })
  await plus.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: /^Kari Ferie, / })
  await expect(dialog.getByRole('button', { name: 'Planlegg et oppdrag denne dagen' })).toBeFocused()
  await dialog.getByLabel('Siste dag', { exact: true }).fill(osloDay(6).split('-').reverse().join('.'))
  await dialog.getByRole('button', { name: 'Ferie' }).click()
  const offer = dialog.getByRole('heading', { name: 'Kari Ferie har ferie, men er planlagt på 3 dager' })
  await expect(offer).toBeFocused()
  await expect(dialog.locator('[data-offer-day]')).toHaveCount(3)
  await shot(page, 'fravaer-flytt-1280-dark.png', info.outputPath('fravaer-flytt-1280-dark.png'))
  expect(await seriousViolations(page), 'flytt det som var planlagt (dark)').toEqual([])
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'))
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await shot(page, 'fravaer-flytt-1280-light.png', info.outputPath('fravaer-flytt-1280-light.png'))
  expect(await seriousViolations(page), 'flytt det som var planlagt (light)').toEqual([])
  await dialog.getByLabel('Alle dagene til').selectOption(per)
  await dialog.getByRole('button', { name: 'Flytt alle' }).click()
  await expect(page.getByText('3 dager flyttet til Per Vikar')).toBeVisible()
  await expect(dialog).toBeHidden()
  for (const day of [d0, d1, d2]) {
    await expect(cell(page, 'Per Vikar', day).locator('[data-plan="Nytt kjøkken"]')).toBeVisible()
    await expect(cell(page, 'Kari Ferie', day).locator('[data-absence="ferie"]')).toHaveText('Ferie')
    await expect(cell(page, 'Kari Ferie', day).locator('[data-plan]')).toHaveCount(0)
  }
  await expect(cell(page, 'Kari Ferie', osloDay(6)).locator('[data-absence="ferie"]')).toHaveText('Ferie')

  // A phone of 375 x 667: the board is a list; "Planlegg oppdrag"'s button is in sight
  // without scrolling, and the day's dialog's too.
  await page.setViewportSize({ width: 375, height: 667 })
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => window.localStorage.setItem('theme', t), theme)
    await page.reload()
    await expect(page.locator('[data-plan-days] [data-day-person="Per Vikar"]').first()).toContainText('Nytt kjøkken')
    await shot(page, `tavle-375-${theme}.png`, info.outputPath(`tavle-375-${theme}.png`))
    expect(await seriousViolations(page), `tavlen 375 (${theme})`).toEqual([])
    await page.getByRole('button', { name: 'Planlegg oppdrag' }).click()
    const planDialog = page.getByRole('dialog', { name: 'Planlegg oppdrag' })
    await expect(planDialog.getByRole('button', { name: 'Planlegg', exact: true })).toBeInViewport({ ratio: 1 })
    const button = (await planDialog.getByRole('button', { name: 'Planlegg', exact: true }).boundingBox())!
    expect(button.y + button.height).toBeLessThanOrEqual(667)
    await shot(page, `planlegg-375-${theme}.png`, info.outputPath(`planlegg-375-${theme}.png`))
    expect(await seriousViolations(page), `planlegg oppdrag 375 (${theme})`).toEqual([])
    await page.keyboard.press('Escape')
    await expect(planDialog).toBeHidden()
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.locator('[data-plan-days] [data-day-person="Per Vikar"]').first().getByRole('button', { name: /Nytt kjøkken/ }).click()
  const day = page.getByRole('dialog', { name: 'Nytt kjøkken' })
  await expect(day.getByRole('button', { name: 'Lagre' })).toBeInViewport({ ratio: 1 })
  await shot(page, 'dagen-375-dark.png', info.outputPath('dagen-375-dark.png'))
  await page.keyboard.press('Escape')
  await expect(day).toBeHidden()
  // A person's day on the phone: the span and the kinds, all in sight.
  await page.locator('[data-plan-days] [data-day-person="Kari Ferie"]').first().getByRole('button', { name: /planlegg eller før fravær/ }).click()
  const away = page.getByRole('dialog', { name: /^Kari Ferie, / })
  await expect(away.getByLabel('Siste dag', { exact: true })).toBeVisible()
  await expect(away.getByRole('button', { name: 'Ikke borte' })).toBeInViewport({ ratio: 1 })
  await shot(page, 'fravaer-375-dark.png', info.outputPath('fravaer-375-dark.png'))
  expect(await seriousViolations(page), 'fravær 375 (dark)').toEqual([])
})
