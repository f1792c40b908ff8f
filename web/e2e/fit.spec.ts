import type { Page } from '@playwright/test'
import { publicPaths } from '../src/lib/paths'
import { createLead, signIn } from './admin'
import { misfits } from './fit'
import { expect, test } from './server'

// Every page fits its screen with what a real firm has in it (#25): a 40-character firm
// name, long people's names and addresses, long lead texts. At 375 and 1280 px wide, no
// page scrolls sideways, and no button, link, select or field lies outside the window or
// outside the part of its box that is shown (e2e/fit.ts). fit-demo.spec.ts does the same
// with the demo's data at the widths people use.

const adminPaths = [
  '/admin', '/admin/leads', '/admin/categories', '/admin/services/category/elektriker', '/admin/services',
  '/admin/content', '/admin/media', '/admin/users', '/admin/settings', '/admin/logs', '/admin/privacy',
]
const WIDTHS = [375, 1280]

test('no page scrolls sideways and no table button is outside its table, at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page)
  const headers = { 'X-Fagfolk-Csrf': '1' }
  const settings = await (await page.request.get('/api/admin/settings')).json()
  expect(
    (
      await page.request.put('/api/admin/settings', {
        headers,
        data: { ...settings, company_name: 'Oslo Elektro, Rør og Baderenovering AS', email: 'post@oslo-elektro-ror-og-baderenovering.no' },
      })
    ).status(),
  ).toBe(200)
  const user = await page.request.post('/api/admin/users', {
    headers,
    data: {
      name: 'Kristine Margrethe Andersen-Solberg',
      email: 'kristine.margrethe.andersen-solberg@oslo-elektro-ror-og-baderenovering.no',
      password: 'lang og trygg setning 43',
      role: 'editor',
    },
  })
  expect(user.status()).toBe(201)
  for (const n of [1, 2]) {
    await createLead(page, {
      name: `Bjørnar Kristoffersen-Haugland ${n}`,
      email: `bjornar.kristoffersen.haugland${n}@eksempel-entreprenor-og-eiendom.no`,
      phone: `913 23 12${n}`,
      beskrivelse: 'Lekkasje under kjøkkenbenken, og vi vil ha pris på nytt bad i kjelleren med varmekabler og nytt sluk.',
      adresse: 'Øvre Vollgate 11, oppgang B',
      postnr: '0158',
      tags: ['bad', 'lekkasje'],
    })
  }

  const problems: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    for (const path of [...Object.values(publicPaths), ...adminPaths]) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      problems.push(...(await misfits(page)).map((problem) => `${path} ved ${width} px: ${problem}`))
    }
    // The leads as a table, the view a firm works in at a desk.
    await page.goto('/admin/leads')
    await page.getByRole('tab', { name: 'Tabell' }).click()
    await expect(page.locator('table')).toBeVisible()
    problems.push(...(await misfits(page)).map((problem) => `/admin/leads (tabell) ved ${width} px: ${problem}`))
  }
  expect(problems).toEqual([])
  // The menu marks the two new enquiries nobody has taken yet.
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByRole('navigation', { name: 'Administrasjon' }).getByRole('link', { name: /^Henvendelser ?\(2 nye\)$/ })).toBeVisible()
  await expect(page.locator('[data-waiting]')).toHaveText('2')
})

/** The controls matching `selector` that a toast lies over: what a tap on the control's
 * middle would hit is the toast. (A control under the sticky top bar is out of reach
 * anyway, toast or not.) */
async function covered(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const hit: string[] = []
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect()
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2]
      if (box.width === 0 || y < bar || y > window.innerHeight) continue
      if (document.elementFromPoint(x, y)?.closest('[data-toast]')) {
        hit.push(element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName)
      }
    }
    return hit
  }, selector)
}

test('a toast never lies over the buttons that are clicked next, on a phone or at a desk', async ({ page }) => {
  // A phone's contact form: the toast is up while the visitor looks at the form.
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/kontakt')
  const form = page.locator('[data-contact-form]')
  await form.getByLabel('Navn *').fill('Kari Nordmann')
  await form.getByLabel('Telefon *').fill('912 34 567')
  await form.getByLabel('E-post *').fill('kari@example.no')
  await form.getByLabel('Prosjektbeskrivelse *').fill('Det drypper fra taket på badet.')
  const send = form.getByRole('button', { name: /Send/ })
  await send.scrollIntoViewIfNeeded()
  await send.click()
  await expect(page.locator('[data-toast]')).toBeVisible()
  expect(await covered(page, '[data-contact-form] button')).toEqual([])

  // A desk's lead table: the rows' buttons stay free while a change is confirmed.
  await signIn(page)
  for (const n of [1, 2, 3, 4, 5, 6]) await createLead(page, { name: `Rad ${n}`, phone: `913 00 00${n}` })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/admin/leads')
    await page.getByRole('tab', { name: 'Tabell' }).click()
    const last = page.getByRole('row').last()
    await last.scrollIntoViewIfNeeded()
    await last.getByRole('combobox').selectOption('Kontaktet')
    await expect(page.locator('[data-toast]').first()).toBeVisible()
    expect(await covered(page, 'table button, table select'), `${width} px`).toEqual([])
  }
})
