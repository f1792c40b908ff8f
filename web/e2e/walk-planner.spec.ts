import type { Page, TestInfo } from '@playwright/test'
import { demoEmail, demoPassword, signIn } from './admin'
import { seriousViolations } from './axe'
import { osloDay } from './days'
import { type Mail, Mailbox } from './mailbox'
import { expect, startServer, test } from './server'
import { look } from './walks'

// #75's planner, on the demo (`--demo`: the montør on two jobs today, the second tomorrow
// too with the demo administrator beside him, a week's ferie from the Monday after next),
// through the screens only. At 1280 px: the board shows the demo's plan; the montør is
// marked sick today in one dialog, which offers to move what was planned that day, and it
// goes to the demo administrator; a course over three days in one dialog (from–to), its
// planned day left standing; the customer's plan (the job's page, the e-mail and its
// calendar file) names only who comes; the board's "+" and grips are 24 x 24 px. At 375 x
// 667: the board is a list, a job planned past its last day is flagged in words, a span
// away is entered on the phone and what was planned in it moved, each dialog's buttons in
// sight.

test.use({ demo: true })

const MONTOR = 'Demo Montør'
const ADMIN = 'Demo Administrator'
const FIRST = 'Feilsøking på jordfeilbryter'
const SECOND = 'Elbillader i garasjen'

const cell = (page: Page, name: string, day: string) => page.locator(`[data-plan-grid] [data-cell="${name} ${day}"]`)
/** A person's line of a day on the phone's board. */
const dayPerson = (page: Page, name: string, day: string) => page.locator(`section[aria-labelledby="plan-day-${day}"] [data-day-person="${name}"]`)
/** "2026-12-08" as typed into a day field. */
const typed = (day: string) => day.split('-').reverse().join('.')

/** "2026-12-11" as the board says it: "fredag 11. desember". */
const planDayWords = (day: string) => new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))

/** Days from today to the Monday after next (the demo's ferie). */
function toMondayAfterNext(): number {
  const [year = 1970, month = 1, date = 1] = osloDay().split('-').map(Number)
  return 14 - ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7)
}

/** A dialog cannot be reloaded: it is read in both themes as the theme button sets them
 * (the `dark` class), each screenshot kept and read by axe; left light. */
async function lookInPlace(page: Page, info: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark')
    await page.screenshot({ path: info.outputPath(`${name}-${width}-${theme}.png`), animations: 'disabled' })
    expect(await seriousViolations(page), `${name} (${theme}, ${width} px)`).toEqual([])
  }
}

/** The board's small targets: each "+" and each grip at least 24 x 24 CSS px (WCAG 2.2, 2.5.8). */
async function targetsAtLeast24(page: Page) {
  const targets = page.locator('[data-plan-grid] [data-cell-plus], [data-plan-grid] [data-grip], [data-job-card] [data-grip]')
  const count = await targets.count()
  expect(count).toBeGreaterThan(20)
  for (let index = 0; index < count; index += 1) {
    const box = await targets.nth(index).boundingBox()
    expect(box, `mål ${index}`).not.toBeNull()
    expect(Math.min(box!.width, box!.height), `mål ${index}`).toBeGreaterThanOrEqual(24)
  }
}

const calendarOf = (mail: Mail) => {
  const file = mail.attachments.find((part) => part.name.endsWith('.ics'))
  return (file ? file.bytes.toString('utf8') : (mail.calendar ?? '')).replace(/\r\n[ \t]/g, '')
}

test('the planner at 1280 px: the demo plan, a sick day moved, a course over three days, and the customer told only who comes', async ({ browser }, info) => {
  test.setTimeout(240_000)
  // The demo with an e-mail server: the customer's plan can be sent, and its file read.
  const mail = await Mailbox.start()
  const server = await startServer({ FAGFOLK_SMTP_URL: `smtp://127.0.0.1:${mail.port}`, FAGFOLK_NOTIFY_TO: 'post@fagfolk.test' }, { demo: true })
  try {
    const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'nb-NO' })).newPage()
    await signIn(page, demoEmail, demoPassword)
    await page.getByRole('navigation', { name: 'Administrasjon' }).getByRole('link', { name: 'Planlegging' }).click()
    await expect(page.getByRole('heading', { name: 'Planleggingstavle', level: 1 })).toBeVisible()
    await page.getByLabel('Vis').selectOption('14')
    const [d0, d1] = [osloDay(0), osloDay(1)]

    // The demo's plan: the montør on two jobs today (a clash, said in words), the second
    // tomorrow with the administrator.
    for (const job of [FIRST, SECOND]) await expect(cell(page, MONTOR, d0).locator(`[data-plan="${job}"]`)).toBeVisible()
    await expect(cell(page, MONTOR, d0).locator('[data-conflicts]')).toContainText(`${MONTOR} har 2 oppdrag denne dagen.`)
    for (const person of [MONTOR, ADMIN]) await expect(cell(page, person, d1).locator(`[data-plan="${SECOND}"]`)).toBeVisible()
    await targetsAtLeast24(page)
    await look(page, info, 'planlegger-tavle')
    // His week's ferie from the Monday after next, two weeks on.
    await page.getByRole('button', { name: 'Neste uke' }).click()
    await page.getByRole('button', { name: 'Neste uke' }).click()
    for (let day = 0; day < 5; day += 1) await expect(cell(page, MONTOR, osloDay(toMondayAfterNext() + day)).locator('[data-absence="ferie"]')).toHaveText('Ferie')
    await expect(cell(page, MONTOR, osloDay(toMondayAfterNext() + 5)).locator('[data-absence]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Denne uken' }).click()

    // Sick today, in one dialog from his day's "+": what was planned that day is offered
    // for moving, and goes to the administrator.
    await cell(page, MONTOR, d0).getByRole('button', { name: /planlegg eller før fravær/ }).click()
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${MONTOR}, `) })
    await dialog.getByRole('button', { name: 'Syk' }).click()
    await expect(dialog.getByRole('heading', { name: new RegExp(`^${MONTOR} er syk, men er planlagt på 2 oppdrag`) })).toBeFocused()
    await expect(dialog.locator(`[data-offer-day="${d0}"]`)).toHaveCount(2)
    await lookInPlace(page, info, 'planlegger-syk-flytt')
    await dialog.getByLabel('Alle dagene til').selectOption({ label: ADMIN })
    await dialog.getByRole('button', { name: 'Flytt alle' }).click()
    await expect(page.getByText(`2 oppdrag flyttet til ${ADMIN}`)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(cell(page, MONTOR, d0).locator('[data-absence="syk"]')).toHaveText('Syk')
    await expect(cell(page, MONTOR, d0).locator('[data-plan]')).toHaveCount(0)
    for (const job of [FIRST, SECOND]) await expect(cell(page, ADMIN, d0).locator(`[data-plan="${job}"]`)).toBeVisible()

    // A course from tomorrow over three days, in one dialog: tomorrow's planned day is
    // offered; the administrator has that job that day already, so it is left standing.
    await cell(page, MONTOR, d1).getByRole('button', { name: /planlegg eller før fravær/ }).click()
    await dialog.getByLabel('Siste dag', { exact: true }).fill(typed(osloDay(3)))
    await dialog.getByRole('button', { name: 'Kurs' }).click()
    await expect(dialog.getByRole('heading', { name: `${MONTOR} er på kurs, men er planlagt på én dag` })).toBeFocused()
    await dialog.getByRole('button', { name: 'La dagene stå' }).click()
    await expect(dialog).toBeHidden()
    for (const day of [1, 2, 3]) await expect(cell(page, MONTOR, osloDay(day)).locator('[data-absence="kurs"]')).toHaveText('Kurs')
    await expect(cell(page, MONTOR, d1).locator(`[data-plan="${SECOND}"]`)).toBeVisible()
    await look(page, info, 'planlegger-tavle-fravaer')

    // The customer's plan on the job's page: the days, and only who comes.
    await cell(page, ADMIN, d1).locator(`[data-plan="${SECOND}"]`).getByRole('button').last().click()
    await page.getByRole('dialog', { name: SECOND }).getByRole('link', { name: 'Åpne oppdraget' }).click()
    const notice = page.getByRole('region', { name: 'Si fra til kunden om planen' })
    const told = notice.getByRole('list', { name: 'Planlagte dager' })
    await expect(told.getByRole('listitem')).toHaveCount(2)
    await expect(told.getByRole('listitem').last()).toContainText(ADMIN)
    await expect(told).not.toContainText(MONTOR)
    await notice.scrollIntoViewIfNeeded()
    await look(page, info, 'planlegger-plan-til-kunden')
    await notice.getByRole('button', { name: 'Vis e-posten til kunden' }).click()
    const text = notice.getByLabel('Tekst til kunden')
    await expect(text).toHaveValue(new RegExp(ADMIN))
    for (const word of [MONTOR, /\bsyk/i, /\bkurs\b/i]) await expect(text).not.toHaveValue(typeof word === 'string' ? new RegExp(word) : word)
    const to = (await notice.getByText(/@example\.no$/).textContent()) ?? ''
    await notice.getByRole('button', { name: 'Send til kunden' }).click()
    await expect(page.getByText('Planen er sendt til kunden')).toBeVisible()
    // What a screen cannot show: the e-mail as it went, and its calendar file.
    const sent = await mail.next((raw) => raw.split(/\r?\n/).some((line) => line.startsWith('To:') && line.includes(to)))
    expect(sent.text).not.toContain(MONTOR)
    const ics = calendarOf(sent)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(ics).toContain(ADMIN)
    expect(ics).not.toContain(MONTOR)
    expect(ics).not.toMatch(/\bsyk|\bkurs\b/i)
  } finally {
    await server.stop()
    await mail.stop()
  }
})

test('the planner on a phone (375 x 667): the board as a list, a day past the job\'s end flagged in words, a span away, the dialogs\' buttons in sight', async ({ page }, info) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 375, height: 667 })
  await signIn(page, demoEmail, demoPassword)
  await page.getByRole('button', { name: 'Åpne meny' }).click()
  await page.getByRole('link', { name: 'Planlegging' }).click()
  await expect(page.getByRole('heading', { name: 'Planleggingstavle', level: 1 })).toBeVisible()
  await page.getByLabel('Vis').selectOption('14')
  await expect(page.locator('[data-plan-grid]')).toBeHidden()
  const [d0, d1] = [osloDay(0), osloDay(1)]
  for (const job of [FIRST, SECOND]) await expect(dayPerson(page, MONTOR, d0)).toContainText(job)
  await expect(dayPerson(page, MONTOR, d0)).toContainText(`${MONTOR} har 2 oppdrag denne dagen.`)
  await expect(dayPerson(page, ADMIN, d1)).toContainText(SECOND)
  await look(page, info, 'planlegger-tavle')

  // "Planlegg oppdrag" past the job's last day (in three days, the demo's): the dialog says so before
  // saving, its button in sight; the board flags the days in words.
  await page.getByRole('button', { name: 'Planlegg oppdrag' }).click()
  const planDialog = page.getByRole('dialog', { name: 'Planlegg oppdrag' })
  const job = await planDialog.getByLabel('Oppdrag').locator('option', { hasText: SECOND }).getAttribute('value')
  await planDialog.getByLabel('Oppdrag').selectOption(job ?? '')
  await planDialog.getByLabel(ADMIN).check()
  await planDialog.getByLabel('Første dag', { exact: true }).pressSequentially(typed(osloDay(4)))
  await planDialog.getByLabel('Siste dag', { exact: true }).pressSequentially(typed(osloDay(5)))
  const warning = planDialog.locator('[data-after-end-warning]')
  await expect(warning).toContainText(`Oppdragets siste dag er ${planDayWords(osloDay(3))}`)
  const plan = planDialog.getByRole('button', { name: 'Planlegg', exact: true })
  // The word and the button in sight together, where a thumb presses it.
  for (const shown of [warning, plan]) await expect(shown).toBeInViewport({ ratio: 1 })
  await lookInPlace(page, info, 'planlegger-etter-siste-dag')
  await plan.click()
  await expect(page.getByText('2 dager planlagt')).toBeVisible()
  for (const day of [osloDay(4), osloDay(5)]) {
    await expect(dayPerson(page, ADMIN, day).locator('[data-after-end]')).toContainText('Etter siste dag')
    await expect(dayPerson(page, ADMIN, day).locator('[data-conflicts]')).toContainText(`«${SECOND}» er planlagt etter oppdragets siste dag`)
  }

  // A planned day opened on the phone: "Lagre" in sight.
  await dayPerson(page, ADMIN, osloDay(4)).getByRole('button', { name: new RegExp(SECOND) }).click()
  const day = page.getByRole('dialog', { name: SECOND })
  await expect(day.getByRole('button', { name: 'Lagre' })).toBeInViewport({ ratio: 1 })
  await lookInPlace(page, info, 'planlegger-dagen')
  await page.keyboard.press('Escape')
  await expect(day).toBeHidden()

  // A span away on the phone, in one dialog: the administrator on a course over the two
  // days just planned; they are offered for moving, "Flytt alle" in sight, and go to the montør.
  await dayPerson(page, ADMIN, osloDay(4)).getByRole('button', { name: /planlegg eller før fravær$/ }).click()
  const away = page.getByRole('dialog', { name: new RegExp(`^${ADMIN}, `) })
  await away.getByLabel('Siste dag', { exact: true }).fill(typed(osloDay(5)))
  await expect(away.getByRole('button', { name: 'Kurs' })).toBeInViewport({ ratio: 1 })
  await lookInPlace(page, info, 'planlegger-fravaer')
  await away.getByRole('button', { name: 'Kurs' }).click()
  await expect(away.getByRole('heading', { name: `${ADMIN} er på kurs, men er planlagt på 2 dager` })).toBeFocused()
  const all = away.getByRole('button', { name: 'Flytt alle' })
  await expect(all).toBeInViewport({ ratio: 1 })
  await lookInPlace(page, info, 'planlegger-fravaer-flytt')
  await away.getByLabel('Alle dagene til').selectOption({ label: MONTOR })
  await all.click()
  await expect(page.getByText(`2 dager flyttet til ${MONTOR}`)).toBeVisible()
  await expect(away).toBeHidden()
  for (const later of [osloDay(4), osloDay(5)]) {
    await expect(dayPerson(page, ADMIN, later).locator('[data-absence="kurs"]')).toHaveText('Kurs')
    await expect(dayPerson(page, ADMIN, later).getByRole('button', { name: new RegExp(SECOND) })).toHaveCount(0)
    await expect(dayPerson(page, MONTOR, later).locator('[data-after-end]')).toContainText('Etter siste dag')
  }
  await look(page, info, 'planlegger-tavle-fravaer')

  // The job's page on the phone, with the plan the customer would be told: today,
  // tomorrow, and the two days past the end, the last two the montør's alone.
  await dayPerson(page, MONTOR, osloDay(4)).getByRole('button', { name: new RegExp(SECOND) }).click()
  await day.getByRole('link', { name: 'Åpne oppdraget' }).click()
  const told = page.getByRole('region', { name: 'Si fra til kunden om planen' }).getByRole('list', { name: 'Planlagte dager' })
  await expect(told.getByRole('listitem')).toHaveCount(4)
  for (const last of [2, 3]) await expect(told.getByRole('listitem').nth(last)).not.toContainText(ADMIN)
  await look(page, info, 'planlegger-plan-til-kunden')
})
