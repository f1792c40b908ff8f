import { publicPaths } from '../src/lib/paths'
import { demoEmail, demoPassword, signIn } from './admin'
import { misfits } from './fit'
import { expect, test } from './server'

// Every page fits with the data a firm sees when it tries the product (#39): a server
// started with `--demo` (36 leads over every status, follow-ups, assignees, longer
// addresses), signed in as its demo administrator. Each admin page at the widths of a desk
// (1024, 1280 and 1440 px), the leads also as their table, and each public page at the
// widths of a phone (360 and 375 px). Nothing may make the page scroll sideways, and no
// control may lie outside the window or outside the part of its box that shows (e2e/fit.ts).
// fit.spec.ts does the same with long names made up to be long.

test.use({ demo: true })

const ADMIN_PATHS = [
  '/admin', '/admin/leads', '/admin/befaringer', '/admin/tilbud', '/admin/categories', '/admin/services',
  '/admin/services/category/elektriker', '/admin/content', '/admin/media', '/admin/users', '/admin/settings',
  '/admin/logs', '/admin/privacy', '/admin/fakturaer',
]
const DESKS = [1024, 1280, 1440]
const PHONES = [360, 375]

test('with the demo data, every admin page fits at 1024, 1280 and 1440 px, the lead table too', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, demoEmail, demoPassword)
  const problems: string[] = []
  for (const width of DESKS) {
    await page.setViewportSize({ width, height: 800 })
    for (const path of ADMIN_PATHS) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      problems.push(...(await misfits(page)).map((problem) => `${path} ved ${width} px: ${problem}`))
    }
    await page.goto('/admin/leads')
    await page.getByRole('tab', { name: 'Tabell' }).click()
    await expect(page.locator('table tbody tr').first()).toBeVisible()
    problems.push(...(await misfits(page)).map((problem) => `/admin/leads (tabell) ved ${width} px: ${problem}`))
  }
  expect(problems).toEqual([])
})

test('with the demo data, every public page fits at 360 and 375 px', async ({ page }) => {
  test.setTimeout(120_000)
  const problems: string[] = []
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 740 })
    for (const path of Object.values(publicPaths)) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      problems.push(...(await misfits(page)).map((problem) => `${path} ved ${width} px: ${problem}`))
    }
  }
  expect(problems).toEqual([])
})
