import { createLead, signIn } from './admin'
import { expect, test } from './server'
import { seriousViolations } from './axe'
import { osloDay } from './days'

// Befaring (#28): on a lead's page (1280 px) staff book a befaring, move it and cancel
// it; the lead moves to the pipeline's befaring step. The page stays usable at 375 px.

/** What axe finds serious or critical (WCAG 2.1 A and AA), as in a11y.spec.ts. */

/** "2027-10-31" as the page writes it: "søndag 31. oktober 2027". */
function weekdayText(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)))
}

test('staff book a befaring on a lead, move it and cancel it', async ({ page }, info) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const lead = await createLead(page, { name: 'Åse Ødegård', email: 'ase@example.no', phone: '912 34 567', adresse: 'Kjelsåsveien 12', postnr: '0488' })
  await page.goto(`/admin/leads/${lead.id}`)
  const visits = page.getByRole('region', { name: 'Befaring' })
  await expect(visits.getByText('Ingen befaring avtalt.')).toBeVisible()

  // A form sent empty keeps the dialog open with the server's Norwegian messages.
  await visits.getByRole('button', { name: 'Avtal befaring' }).click()
  const dialog = page.getByRole('dialog', { name: 'Avtal befaring' })
  await dialog.getByRole('button', { name: 'Avtal befaring' }).click()
  await expect(dialog.getByText('Velg dagen for befaringen.')).toBeVisible()
  // The firm's only member of staff is chosen already.
  await expect(dialog.getByLabel('Hvem drar')).not.toHaveValue('')
  await expect(dialog.getByText('Velg hvem som skal på befaringen.')).toHaveCount(0)

  const day = osloDay(21)
  const [year, month, date] = day.split('-')
  await dialog.getByLabel('Dag', { exact: true }).fill(`${date}.${month}.${year}`)
  await dialog.getByLabel('Klokkeslett').fill('09:00')
  await dialog.getByLabel('Varighet').selectOption({ label: '1,5 time' })
  await dialog.getByLabel('Hvem drar').selectOption({ index: 1 })
  await dialog.getByLabel('Notat til den som drar').fill('Ta med fuktmåler')
  await page.screenshot({ path: info.outputPath('befaring-skjema-1280.png') })
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Avtal befaring' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Befaringen er avtalt')).toBeVisible()
  await expect(visits.getByText(`${weekdayText(day)} kl. 09:00–10:30`)).toBeVisible()
  await expect(visits.getByText('Ta med fuktmåler')).toBeVisible()
  // The lead is at the pipeline's befaring step.
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Avtalt befaring')
  await page.screenshot({ path: info.outputPath('befaring-avtalt-1280.png'), fullPage: true })

  await visits.getByRole('button', { name: 'Flytt' }).click()
  const moving = page.getByRole('dialog', { name: 'Flytt befaring' })
  await expect(moving.getByLabel('Klokkeslett')).toHaveValue('09:00')
  await moving.getByLabel('Klokkeslett').fill('10:00')
  await moving.getByRole('button', { name: 'Flytt befaringen' }).click()
  await expect(moving).toBeHidden()
  await expect(visits.getByText(`${weekdayText(day)} kl. 10:00–11:30`)).toBeVisible()

  await visits.getByRole('button', { name: 'Avlys' }).click()
  await page.getByRole('dialog', { name: 'Avlys befaringen?' }).getByRole('button', { name: 'Avlys befaringen' }).click()
  await expect(visits.getByText('Avlyst')).toBeVisible()
  await expect(visits.getByRole('button', { name: 'Flytt' })).toHaveCount(0)
  // The lead's history tells it.
  await expect(page.getByText(`Befaringen ${weekdayText(day)} kl. 10:00–11:30 ble avlyst`)).toBeVisible()
  await page.screenshot({ path: info.outputPath('befaring-avlyst-1280.png'), fullPage: true })

  await page.setViewportSize({ width: 375, height: 812 })
  await expect(visits.getByText(`${weekdayText(day)} kl. 10:00–11:30`)).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
  await page.screenshot({ path: info.outputPath('befaring-375.png'), fullPage: true })
})

test('the dashboard shows today\'s befaringer, "Befaringer" lists the week, and a calendar subscribes to mine', async ({ page, playwright, baseURL }, info) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const headers = { 'X-Fagfolk-Csrf': '1' }
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }
  for (const [name, day, start] of [['Kari Nordmann', osloDay(0), '23:00'], ['Per Hansen', osloDay(7), '08:00']] as const) {
    const lead = await createLead(page, { name, adresse: 'Storgata 1', postnr: '0155' })
    const booked = await page.request.post(`/api/admin/leads/${lead.id}/visits`, { data: { day, start, minutes: 60, staff_id: session.user.id }, headers })
    expect(booked.status()).toBe(201)
  }

  await page.goto('/admin')
  const week = page.locator('[data-week-visits]')
  await expect(week.getByRole('link', { name: 'Kari Nordmann' })).toBeVisible()
  await expect(week.getByText('23:00–00:00')).toBeVisible()
  await expect(week.getByRole('link', { name: 'Per Hansen' })).toHaveCount(0)
  await page.screenshot({ path: info.outputPath('oversikt-befaringer-1280.png') })

  await page.getByRole('link', { name: 'Befaringer', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: 'Befaringer', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kari Nordmann' })).toBeVisible()
  await page.getByRole('button', { name: 'Neste uke' }).click()
  await expect(page.getByRole('link', { name: 'Per Hansen' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kari Nordmann' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // The calendar's address answers without a session, and stops when switched off.
  const feeds = page.getByRole('region', { name: 'Abonner i kalenderen' })
  await feeds.getByRole('button', { name: 'Lag lenke' }).first().click()
  const url = await page.locator('[data-feed-url]').inputValue()
  expect(url).toMatch(/\/kalender\/[A-Za-z0-9_-]{22}\.ics$/)
  // The first address replaces nothing; the calendar opens it by webcal:.
  await expect(feeds.getByText('En tidligere lenke virker ikke lenger.')).toHaveCount(0)
  await expect(feeds.locator('[data-feed-webcal]').first()).toHaveAttribute('href', url.replace(/^https?:\/\//, 'webcal://'))
  await expect(feeds.getByRole('button', { name: 'Kopier adressen' }).first()).toBeVisible()
  const phone = await playwright.request.newContext({ baseURL })
  const calendar = await phone.get(new URL(url).pathname)
  expect(calendar.status()).toBe(200)
  const text = await calendar.text()
  expect(text).toContain('BEGIN:VCALENDAR')
  expect(text).toContain('SUMMARY:Befaring: Per Hansen')
  await page.screenshot({ path: info.outputPath('befaringer-1280.png'), fullPage: true })
  await feeds.getByRole('button', { name: 'Slå av' }).click()
  await expect(page.getByText('Lenken er slått av')).toBeVisible()
  expect((await phone.get(new URL(url).pathname)).status()).toBe(404)

  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.getByRole('link', { name: 'Per Hansen' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: info.outputPath('befaringer-375.png'), fullPage: true })
})
