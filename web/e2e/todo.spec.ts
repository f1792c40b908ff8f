import { demoEmail, demoPassword, signIn } from './admin'
import { seriousViolations } from './axe'
import { expect, test } from './server'

// "Å gjøre" on the dashboard (#62), on the data a firm sees when it tries the product
// (`--demo`: a job done and not invoiced, one past its estimate waiting for the § 7
// contact with hours held, two overdue invoices with their reminders due), at the widths
// of an office desk: every item names its things, and each leads to the page where it is
// fixed. Screenshots are kept.

test.use({ demo: true })

test('on the demo data, each thing to do leads to the page where it is done, at 1280 and 1440 px', async ({ page }, info) => {
  test.setTimeout(120_000)
  await signIn(page, demoEmail, demoPassword)
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin')
    await expect(page.locator('[data-todo]').getByRole('heading', { name: 'Å gjøre' })).toBeVisible()
    await page.screenshot({ path: info.outputPath(`aa-gjore-${width}.png`), fullPage: true })
  }
  expect(await seriousViolations(page)).toEqual([])
  const kinds = await page.locator('[data-todo-item]').evaluateAll((items) => items.map((item) => item.getAttribute('data-todo-item')))
  expect(kinds).toEqual(expect.arrayContaining(['reminders_due', 'overdue', 'done_not_invoiced', 'needs_contact', 'held']))
  await expect(page.locator('[data-todo-item="reminders_due"] [data-todo-count]')).toHaveText('2')

  for (const kind of kinds) {
    await page.goto('/admin')
    const first = page.locator(`[data-todo-item="${kind}"] ul li a`).first()
    const title = (await first.textContent()) ?? ''
    await first.click()
    if (title.startsWith('Faktura ')) {
      await expect(page).toHaveURL(/\/admin\/fakturaer\/[0-9a-f-]{36}$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.split(',')[0]!)
      if (kind === 'reminders_due') await expect(page.locator('[data-next-letter]')).toBeVisible()
    } else {
      await expect(page).toHaveURL(/\/admin\/oppdrag\/[0-9a-f-]{36}$/)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title.split(',')[0]!)
    }
  }

  // "Se alle" on the finished jobs: the list of jobs with that status.
  await page.goto('/admin')
  await page.locator('[data-todo-item="done_not_invoiced"]').getByRole('link', { name: /Se alle/ }).click()
  await expect(page).toHaveURL('/admin/oppdrag?status=done')
  await expect(page.getByLabel('Status')).toHaveValue('done')
})

/** A CSV file as Norwegian Excel reads it: the byte order mark, CRLF, semicolons, and "7,5"
 * as the number 7.5. */
function excelRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean).map((line) => line.split(';'))
}
const number = (cell: string) => Number(cell.replace(',', '.'))

test("on the demo data, the month's hours for everyone are read, downloaded as Excel reads them, and approved", async ({ page }, info) => {
  test.setTimeout(120_000)
  await signIn(page, demoEmail, demoPassword)
  // "Over prisoverslaget" on the dashboard leads to the list of jobs past their estimate.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin')
  await page.locator('[data-todo-item="needs_contact"]').getByRole('link', { name: /Se alle/ }).click()
  await expect(page).toHaveURL('/admin/oppdrag?over=1')
  await expect(page.getByLabel('Bare over prisoverslaget')).toBeChecked()
  await expect(page.locator('[data-job-count]')).toHaveText(/^[1-9]\d* oppdrag$/)

  // "Månedens timer" is in the menu, and opens on last month: the month to close until the
  // office has approved it (the demo has a month of hours there).
  const month = page.locator('[data-month-hours]')
  const lastMonth = new Intl.DateTimeFormat('nb-NO', { month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }).format(
    new Date(new Date().getFullYear(), new Date().getMonth() - 1, 15),
  )
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/admin/oppdrag')
    await page.getByRole('navigation', { name: 'Administrasjon' }).getByRole('link', { name: 'Månedens timer' }).click()
    await expect(page).toHaveURL('/admin/timer')
    await expect(page.getByRole('heading', { name: 'Månedens timer', level: 1 })).toBeVisible()
    await expect(month.getByRole('heading', { name: `Timer for ${lastMonth}` })).toBeVisible()
    await expect(month.getByRole('row')).not.toHaveCount(1)
    await month.scrollIntoViewIfNeeded()
    await page.screenshot({ path: info.outputPath(`maanedens-timer-${width}.png`), fullPage: true })
  }
  expect(await seriousViolations(page)).toEqual([])

  // Each person's hours on the screen are the time sheet's rows and the payroll file's.
  const shown = await month.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => [row.querySelector('th')?.textContent ?? '', row.querySelectorAll('td')[0]?.textContent ?? '', row.querySelectorAll('td')[4]?.textContent ?? '']),
  )
  const screenTotal = shown.reduce((sum, [, hours]) => sum + number((hours ?? '').replace(' t', '')), 0)
  const screenEvening = shown.reduce((sum, [, , hours]) => sum + number((hours ?? '').replace(' t', '')), 0)
  const sheet = excelRows(await (await page.request.get(await month.getByRole('link', { name: 'Timeliste for alle (CSV)' }).getAttribute('href') ?? '')).body())
  const hoursAt = sheet[0]!.indexOf('Timer')
  const personAt = sheet[0]!.indexOf('Person')
  const entered = sheet.slice(1).filter((row) => !row[personAt]!.startsWith('Sum ')).reduce((sum, row) => sum + number(row[hoursAt]!), 0)
  expect(entered).toBeCloseTo(screenTotal, 2)
  const payroll = excelRows(await (await page.request.get(await month.getByRole('link', { name: 'Lønnsgrunnlag (CSV)' }).getAttribute('href') ?? '')).body())
  expect(payroll[0]).toEqual(['Måned', 'Person', 'Type', 'Timer'])
  const paid = payroll.slice(1).filter((row) => row[2] === 'Ordinær tid' || row[2] === 'Overtid').reduce((sum, row) => sum + number(row[3]!), 0)
  expect(paid).toBeCloseTo(screenTotal, 2)
  const evenings = payroll.slice(1).filter((row) => row[2] === 'Kveld og natt (tillegg)').reduce((sum, row) => sum + number(row[3]!), 0)
  expect(evenings).toBeCloseTo(screenEvening, 2)

  // Approved: said on the page and in the log; then opened again.
  await month.getByRole('button', { name: `Godkjenn ${lastMonth}` }).click()
  const asked = page.getByRole('dialog', { name: `Godkjenne timene for ${lastMonth}?` })
  await expect(asked).toBeVisible()
  await asked.getByRole('button', { name: `Godkjenn ${lastMonth}` }).click()
  await expect(month.locator('[data-month-approved]')).toContainText('Montørene kan ikke endre timene.')
  await page.screenshot({ path: info.outputPath('maaned-godkjent-1440.png'), fullPage: true })
  await page.goto('/admin/logs')
  await expect(page.getByText(/godkjente timene for \w+ \d{4}/).first()).toBeVisible()
  // Approved, the page opens on this month; last month is one step back, and opened again.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible()
  await page.keyboard.press('Control+k')
  const search = page.getByPlaceholder('Søk i tjenester, leads, media og brukere…')
  await expect(search).toBeFocused()
  await search.fill('timer')
  await page.getByRole('option', { name: 'Månedens timer' }).click()
  await expect(page).toHaveURL('/admin/timer')
  await expect(month.getByRole('heading', { name: /^Timer for / })).not.toHaveText(`Timer for ${lastMonth}`)
  const lastValue = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 15).toISOString().slice(0, 7)
  await month.getByLabel('Måned').fill(lastValue)
  await month.getByRole('button', { name: 'Åpne måneden igjen' }).click()
  await expect(month.getByRole('button', { name: `Godkjenn ${lastMonth}` })).toBeVisible()
})
