import { expect, test } from './server'
import { createLead, signIn } from './admin'
import { seriousViolations } from './axe'

const publicPaths = [
  '/', '/tjenester', '/tjenester/elektriker', '/tjenester/rorlegger', '/tjenester/kjokken-bad', '/private-kunder',
  '/bedriftskunder', '/kontraktpartnere', '/referanser', '/kontakt', '/personvern', '/vilkar', '/cookies', '/finnes-ikke',
  // Signed out: the admin's "Glemt passord?" pages (the login page has its own test below).
  '/admin/glemt-passord', '/admin/nytt-passord',
]
const adminPaths = [
  '/admin', '/admin/leads', '/admin/categories', '/admin/services/category/elektriker', '/admin/services',
  '/admin/content', '/admin/media', '/admin/users', '/admin/settings', '/admin/logs', '/admin/privacy', '/admin/tilbud', '/admin/fakturaer',
]

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme)
    })

    for (const path of publicPaths) {
      test(`${path} passes axe without serious or critical violations`, async ({ page }) => {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        expect(await seriousViolations(page), `${path} (${theme})`).toEqual([])
      })
    }

    test('every admin page passes axe without serious or critical violations', async ({ page }) => {
      // Ten pages, each signed in and analysed: give it room on a busy machine.
      test.slow()
      await signIn(page)
      await createLead(page, { name: 'Tilgjengelig Tove', email: 'tove@example.no', tags: ['bad'] })
      for (const path of adminPaths) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        expect(await seriousViolations(page), `${path} (${theme})`).toEqual([])
      }
      await page.goto('/admin/leads')
      await page.getByRole('tab', { name: 'Kanban' }).click()
      await page.waitForLoadState('networkidle')
      expect(await seriousViolations(page), `kanban (${theme})`).toEqual([])
      await page.getByRole('tab', { name: 'Tabell' }).click()
      await page.getByRole('button', { name: 'Ny lead' }).click()
      expect(await seriousViolations(page), `lead dialog (${theme})`).toEqual([])
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Vis Tilgjengelig Tove' }).first().click()
      await expect(page.getByRole('list', { name: 'Historikk' })).toBeVisible()
      expect(await seriousViolations(page), `lead details (${theme})`).toEqual([])
    })
  })
}

test('the login page passes axe', async ({ page }) => {
  await page.goto('/admin/login')
  expect(await seriousViolations(page)).toEqual([])
})
