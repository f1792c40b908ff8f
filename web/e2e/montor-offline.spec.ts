import type { BrowserContext, Page, Route } from '@playwright/test'
import { adminPassword, createLead, signIn, submitSignIn } from './admin'
import { seriousViolations } from './axe'
import { expect, test } from './server'

// The montør's day in a basement (#59), on a phone at 375 px with touch: "Mine oppdrag" is
// an installable web app; with the network off, entries are kept on the phone as "Venter
// på nett", a reload starts the page from its service worker with them still there, and
// when the network is back each is stored exactly once; an answer lost after the server
// wrote is retried without a second entry; signing out empties what the worker kept.
//
// `context.setOffline` does not reach a service worker's own requests in Chromium
// (microsoft/playwright#2311): with PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS (set in
// playwright.config.ts) they pass `context.route`, where they are cut as well.

const headers = { 'X-Fagfolk-Csrf': '1' }

async function offline(context: BrowserContext, cut: Route[]) {
  await context.setOffline(true)
  await context.route('**/*', (route) => {
    if (route.request().serviceWorker()) {
      cut.push(route)
      return route.abort('internetdisconnected')
    }
    return route.fallback()
  })
}

async function online(context: BrowserContext, page: Page) {
  await context.unrouteAll()
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
}

/** The minutes of each of the montør's entries, as the office reads them (the weeks around
 * today, whatever the time zone says today is). */
async function stored(office: Page, montor: string): Promise<number[]> {
  const days = [-1, 0, 1, 2].map((back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10))
  const rows = new Map<string, number>()
  for (const day of days) {
    const week = await office.request.get(`/api/admin/work/week?user_id=${montor}&day=${day}`)
    for (const entry of ((await week.json()) as { entries: { id: string; minutes: number }[] }).entries) {
      rows.set(entry.id, entry.minutes)
    }
  }
  return [...rows.values()].sort((a, b) => a - b)
}

test('entries made in a basement are kept, survive a reload, and are stored once when the network is back', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(120_000)
  await signIn(page)
  const made = await page.request.post('/api/admin/users', {
    data: { name: 'Ole Kjeller', email: 'ole.kjeller@fagfolk.test', password: adminPassword, role: 'montor' },
    headers,
  })
  const montor = ((await made.json()) as { id: string }).id
  const lead = await createLead(page, { name: 'Kari Kjeller', phone: '912 34 567', adresse: 'Kjellerveien 1', postnr: '0150' })
  const job = await page.request.post(`/api/admin/leads/${lead.id}/jobs`, { data: { title: 'Sikringsskap i kjelleren', hourly_rate: 85_000, workers: [montor] }, headers })
  expect(job.status()).toBe(201)
  // Two jobs planned for him today (#75 point 6): "Planen min" must say so in the basement.
  const lead2 = await createLead(page, { name: 'Per Loft', phone: '912 34 568', adresse: 'Loftveien 3', postnr: '0150' })
  const job2 = await page.request.post(`/api/admin/leads/${lead2.id}/jobs`, { data: { title: 'Lys på loftet', hourly_rate: 85_000, workers: [montor] }, headers })
  const { today } = (await (await page.request.get('/api/admin/work/today')).json()) as { today: string }
  for (const planned of [job, job2]) {
    const id = ((await planned.json()) as { id: string }).id
    expect((await page.request.post('/api/admin/plan-days', { data: { job_id: id, user_ids: [montor], from: today }, headers })).status()).toBeLessThan(300)
  }

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })
  const phone = await context.newPage()
  await submitSignIn(phone, 'ole.kjeller@fagfolk.test', adminPassword)
  await expect(phone).toHaveURL('/admin/mine-oppdrag')
  const card = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: 'Sikringsskap i kjelleren' }) })
  await expect(card).toBeVisible()

  // Installable: a manifest with icons, and a service worker in charge of the page.
  const manifestHref = await phone.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await (await phone.request.get(manifestHref ?? '')).json()) as {
    start_url: string
    scope: string
    display: string
    icons: { src: string; sizes: string }[]
  }
  expect(manifest).toMatchObject({ start_url: '/admin/mine-oppdrag', scope: '/admin/', display: 'standalone' })
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons) {
    const png = await phone.request.get(icon.src)
    expect(png.headers()['content-type']).toBe('image/png')
  }
  await phone.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await phone.reload()
  await expect.poll(() => phone.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect(card).toBeVisible()
  const planToday = phone.locator('[data-plan-today]')
  await expect(planToday).toContainText('Sikringsskap i kjelleren')
  await expect(planToday).toContainText('Lys på loftet')

  // The network goes. Two entries, today and yesterday.
  const cut: Route[] = []
  await offline(context, cut)
  await card.getByRole('button', { name: '2 t', exact: true }).tap()
  await card.getByRole('button', { name: 'Før 2 t' }).tap()
  await expect(phone.getByText('Lagret på telefonen: 2 t på Sikringsskap i kjelleren')).toBeVisible()
  await phone.getByRole('button', { name: 'I går' }).tap()
  await card.getByRole('button', { name: '4 t', exact: true }).tap()
  await card.getByRole('button', { name: 'Før 4 t' }).tap()
  // A material too: his phone lists it as waiting for the network.
  await card.getByText('Materiell', { exact: true }).tap()
  const used = card.getByRole('form', { name: 'Materiell på Sikringsskap i kjelleren' })
  await used.getByLabel('Hva brukte du').fill('Koblingsboks')
  await used.getByRole('button', { name: 'Før materiell' }).tap()
  await expect(phone.getByText('Lagret på telefonen: 1 stk Koblingsboks')).toBeVisible()
  const mine = card.locator('[data-my-materials]')
  await expect(mine.locator('li[data-waiting]')).toHaveText(/1 stk Koblingsboks\s*venter på nett/)
  const waiting = phone.locator('[data-outbox]')
  await expect(waiting.locator('[data-pending]')).toHaveCount(3)
  await expect(waiting).toContainText('Venter på nett')
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await phone.screenshot({ path: info.outputPath('venter-pa-nett-375.png'), fullPage: true })
  expect(await seriousViolations(phone)).toEqual([])

  // A reload in the basement: the page starts from the service worker, the entries still there.
  const reloaded = await phone.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await expect(phone.getByRole('heading', { name: 'Mine oppdrag i dag', level: 1 })).toBeVisible()
  await expect(card).toBeVisible()
  await expect(waiting.locator('[data-pending]')).toHaveCount(3)
  expect(cut.length, 'the worker tried the network and was cut off').toBeGreaterThan(0)
  // The plan the phone kept: both jobs today, not "nothing planned".
  await expect(planToday).toContainText('Sikringsskap i kjelleren')
  await expect(planToday).toContainText('Lys på loftet')
  await card.getByText('Materiell', { exact: true }).tap()
  await expect(mine.locator('li[data-waiting]')).toHaveCount(1)
  expect(await stored(page, montor)).toEqual([])

  // The network is back: each entry is stored once.
  await online(context, phone)
  await expect(waiting).toHaveCount(0)
  await expect.poll(() => stored(page, montor)).toEqual([120, 240])
  // The material is stored, and listed as the server has it; the plan is still there.
  await expect(mine.locator('li')).toHaveCount(1)
  await expect(mine.locator('li[data-waiting]')).toHaveCount(0)
  await expect(mine).toContainText('1 stk Koblingsboks')
  await expect(planToday).toContainText('Lys på loftet')

  // An answer lost after the server wrote: the phone keeps the entry, sends it again, and
  // the server gives back the first one.
  let dropped = 0
  await phone.route('**/api/admin/time', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.fallback()
    dropped += 1
    await route.fetch()
    return route.abort('connectionreset')
  })
  await phone.getByRole('button', { name: 'I dag' }).tap()
  await card.getByRole('button', { name: '1 t', exact: true }).tap()
  await card.getByRole('button', { name: 'Før 1 t' }).tap()
  await expect(phone.getByText('Lagret på telefonen: 1 t på Sikringsskap i kjelleren')).toBeVisible()
  expect(dropped).toBe(1)
  await phone.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(waiting).toHaveCount(0)
  await expect.poll(() => stored(page, montor)).toEqual([60, 120, 240])

  // Signing out empties what the worker kept of the person.
  expect(await phone.evaluate(() => caches.has('fagfolk-data-v2'))).toBe(true)
  await phone.getByRole('button', { name: 'Logg ut' }).tap()
  await expect(phone).toHaveURL('/admin/login')
  expect(await phone.evaluate(() => caches.has('fagfolk-data-v2'))).toBe(false)
  await context.close()
})
