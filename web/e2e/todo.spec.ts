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
