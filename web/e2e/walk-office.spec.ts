import { demoEmail, demoPassword, signIn } from './admin'
import { expect, test } from './server'
import { look } from './walks'

// #75's office at month end, at 1280 px, on the demo (`--demo`: two overdue invoices, one
// with a purring whose time ran out; a consumer's timepris job past its estimate; a job
// done and not invoiced; last month's hours), through the screens only: the overdue count
// is one number wherever it is read; the § 7 contact is recorded on the job's page and the
// held hours become billable; the month to close is found in the menu and approved with a
// question that names it; a finished job is invoiced after a second chance, and the job
// links to its invoice; a letter is asked about before it goes.

test.use({ demo: true })

const money = (text: string | null) => Number((text ?? '').replace(/[^\d,-]/g, '').replace(',', '.'))

test('the office at month end, at 1280 px, in both themes', async ({ page }, info) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, demoEmail, demoPassword)
  await look(page, info, 'kontoret-oversikt')

  // Overdue: the dashboard's number is the list's, its filter's, and each row's badge.
  const overdue = page.locator('[data-todo-item="overdue"]')
  const count = Number(await overdue.locator('[data-todo-count]').textContent())
  expect(count).toBeGreaterThan(0)
  await overdue.getByRole('link', { name: /Se alle/ }).click()
  await expect(page).toHaveURL('/admin/fakturaer?status=overdue')
  await expect(page.getByLabel('Status')).toHaveValue('overdue')
  await expect(page.locator('[data-invoice-row]')).toHaveCount(count)
  for (const state of await page.locator('[data-invoice-row] [data-invoice-state]').allTextContents()) expect(state).toBe('Forfalt')
  await look(page, info, 'kontoret-forfalte')

  // § 7 on the job's page: the dashboard's "Kontakt kunden" leads to a form there, and what
  // waited for the contact becomes billable.
  await page.goto('/admin')
  const over = page.getByRole('list', { name: 'Oppdrag over prisoverslaget' }).getByRole('listitem').filter({ hasText: 'Kontakt kunden (§ 7)' }).first()
  await over.getByRole('link').click()
  await expect(page).toHaveURL(/\/admin\/oppdrag\/[0-9a-f-]{36}$/)
  const meter = page.locator('[data-held]')
  await expect(meter).toBeVisible()
  const held = money(await meter.textContent())
  expect(held).toBeGreaterThan(0)
  const billable = page.getByText('Kan faktureres').locator('xpath=following-sibling::dd')
  const before = money(await billable.textContent())
  const contact = page.getByRole('form', { name: 'Registrer kontakt med kunden' })
  await contact.scrollIntoViewIfNeeded()
  await look(page, info, 'kontoret-paragraf-7')
  await contact.getByLabel('Hva kunden sa').fill('Ja, gjør ferdig. Ring meg om det går over 20 000 kr.')
  await contact.getByRole('button', { name: 'Registrer kontakt' }).click()
  await expect(page.getByText('Kontakten er registrert', { exact: true })).toBeVisible()
  await expect(page.locator('section[aria-labelledby="job-contacts"]')).toContainText('«Ja, gjør ferdig. Ring meg om det går over 20 000 kr.»')
  await expect(meter).toBeHidden()
  // What waited is no longer held back: the job can be invoiced for more than before.
  await expect.poll(async () => money(await billable.textContent())).toBeGreaterThan(before)

  // Månedens timer from the menu: last month, named in the question; the button is not red.
  const lastMonth = new Intl.DateTimeFormat('nb-NO', { month: 'long', year: 'numeric' }).format(new Date(new Date().getFullYear(), new Date().getMonth() - 1, 15))
  await page.getByRole('navigation', { name: 'Administrasjon' }).getByRole('link', { name: 'Månedens timer' }).click()
  const month = page.locator('[data-month-hours]')
  await expect(month.getByRole('heading', { name: `Timer for ${lastMonth}` })).toBeVisible()
  await expect(month.getByRole('rowheader', { name: 'Demo Montør' })).toBeVisible()
  await look(page, info, 'kontoret-maanedens-timer')
  await month.getByRole('button', { name: `Godkjenn ${lastMonth}` }).click()
  const approve = page.getByRole('dialog', { name: `Godkjenne timene for ${lastMonth}?` })
  await expect(approve.getByRole('button', { name: `Godkjenn ${lastMonth}` })).not.toHaveClass(/destructive/)
  await approve.getByRole('button', { name: `Godkjenn ${lastMonth}` }).click()
  await expect(month.locator('[data-month-approved]')).toContainText('Montørene kan ikke endre timene.')

  // The weekday without hours: the montør had no phone that day, so the office enters his
  // hours for him, and the month has no weekday without hours left.
  const without = month.getByRole('row', { name: /Demo Montør/ }).getByRole('cell').last()
  const missing = /\((\d+)\.\)/.exec((await without.textContent()) ?? '')?.[1]
  expect(missing, 'the demo month has a weekday without hours').toBeTruthy()
  const lastMonthValue = new Date(Date.UTC(new Date().getFullYear(), new Date().getMonth() - 1, 15)).toISOString().slice(0, 7)
  const staff = page.locator('section[aria-labelledby="staff-week"]')
  await staff.getByLabel('Person').selectOption({ label: 'Demo Montør' })
  const enter = staff.getByRole('form', { name: 'Før timer for Demo Montør' })
  await enter.getByLabel('Oppdrag').selectOption({ index: 1 })
  await enter.getByLabel('Dag').fill(`${lastMonthValue}-${missing!.padStart(2, '0')}`)
  await enter.getByLabel('Timer').fill('7,5')
  await enter.getByLabel('Notat (valgfritt)').fill('Glemte telefonen, ført av kontoret')
  await enter.getByRole('button', { name: 'Før timene' }).click()
  await expect(page.getByText('7,5 t er ført for Demo Montør')).toBeVisible()
  await expect(without).toHaveText('Ingen')
  await look(page, info, 'kontoret-timer-for-andre')

  // A finished job invoiced: asked first, "Avbryt" makes nothing; then the job links to its
  // invoice, which is not due and not called sent.
  await page.goto('/admin')
  await page.locator('[data-todo-item="done_not_invoiced"] ul li a').first().click()
  const invoicing = page.locator('section[aria-labelledby="job-invoice"]')
  await invoicing.getByRole('button', { name: 'Marker som fakturert' }).click()
  const issue = page.getByRole('dialog', { name: 'Lage fakturaen?' })
  await expect(issue).toContainText('Ingenting sendes til kunden ennå.')
  await issue.getByRole('button', { name: 'Avbryt' }).click()
  await expect(invoicing.getByRole('listitem')).toHaveCount(0)
  await invoicing.getByRole('button', { name: 'Marker som fakturert' }).click()
  await issue.getByRole('button', { name: 'Lag fakturaen' }).click()
  const made = invoicing.getByRole('link', { name: /^Faktura \d{4}-\d{4}$/ })
  await expect(made).toBeVisible()
  const number = (await made.textContent()) ?? ''
  await made.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number)
  await expect(page.locator('[data-invoice-state]').first()).toHaveText('Ikke forfalt')
  await look(page, info, 'kontoret-ny-faktura')

  // A letter: the one due is asked about before it goes; "Avbryt" sends nothing.
  await page.goto('/admin')
  await page.locator('[data-todo-item="reminders_due"] ul li a').first().click()
  const next = page.locator('[data-next-letter]')
  await expect(next).toBeVisible()
  const sent = page.locator('[data-sent-letter]')
  const letters = await sent.count()
  await look(page, info, 'kontoret-purring')
  await page.getByRole('button', { name: 'Send i posten (last ned PDF)' }).click()
  const letter = page.getByRole('dialog', { name: /som sendt i posten\?$/ })
  await expect(letter).toContainText('Et sendt brev kan ikke trekkes tilbake.')
  await letter.getByRole('button', { name: 'Avbryt' }).click()
  await expect(sent).toHaveCount(letters)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Send i posten (last ned PDF)' }).click()
  await letter.getByRole('button', { name: 'Registrer og last ned' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)
  await expect(sent).toHaveCount(letters + 1)
})
