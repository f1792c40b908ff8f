import type { Page } from '@playwright/test'
import { signIn } from './admin'
import { phonePhoto, png } from './fixtures'
import { expect, test } from './server'
import { seriousViolations } from './axe'

// Photos and preferred days on the contact form (#28): at 375 px a customer sends an
// enquiry with three photos (one a phone's photo stored on its side, with EXIF
// orientation and GPS) and two days for the befaring; at 1280 px staff see the photos
// the right way up on the lead, step through them, and book, move and cancel the befaring.

/** A 64 x 32 JPEG drawn by the browser: red on the left, blue on the right. */
async function browserJpeg(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 64
    canvas.height = 32
    const context = canvas.getContext('2d')!
    context.fillStyle = '#dc1e1e'
    context.fillRect(0, 0, 32, 32)
    context.fillStyle = '#1e1edc'
    context.fillRect(32, 0, 32, 32)
    return canvas.toDataURL('image/jpeg', 0.95).split(',')[1]!
  })
  return Buffer.from(data, 'base64')
}

test('a customer sends three photos and two days; staff see them upright and book the befaring', async ({ page }, info) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/kontakt')
  const form = page.getByRole('form', { name: 'Kontaktskjema' })
  await form.getByLabel('Navn *').fill('Sigrid Bildesen')
  await form.getByLabel('Telefon *').fill('913 57 246')
  await form.getByLabel('E-post *').fill('sigrid@example.no')
  await form.getByLabel('Prosjektbeskrivelse *').fill('Vasken lekker, se bildene.')

  const phone = phonePhoto(await browserJpeg(page))
  await form.locator('[data-photo-input]').setInputFiles([
    { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: phone },
    // Larger than the server keeps: the browser shrinks it before sending.
    { name: 'bad.png', mimeType: 'image/png', buffer: png(2600, 1300) },
    { name: 'sikringsskap.png', mimeType: 'image/png', buffer: png(300, 400) },
  ])
  await expect(form.getByText('Lastet opp')).toHaveCount(3, { timeout: 30_000 })
  await expect(form.getByRole('img', { name: /Bilde 1: IMG_0042\.jpg/ })).toBeVisible()

  const days = form.getByRole('group', { name: /Når passer det med befaring/ })
  await days.getByLabel('Dag 1', { exact: true }).selectOption({ index: 1 })
  await days.getByLabel('Tid på dag 1').selectOption('formiddag')
  await days.getByLabel('Dag 2', { exact: true }).selectOption({ index: 2 })
  const firstDay = await days.getByLabel('Dag 1', { exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]!.text)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: info.outputPath('kontakt-bilder-375.png'), fullPage: true })
  await form.locator('[data-photo-picker]').screenshot({ path: info.outputPath('kontakt-bildevalg-375.png') })
  await days.screenshot({ path: info.outputPath('kontakt-dager-375.png') })
  await form.getByRole('button', { name: 'Send forespørsel' }).click()
  await expect(form.getByText('Takk for henvendelsen! Vi har fått den')).toBeVisible()

  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const leads = (await (await page.request.get('/api/admin/leads?q=Sigrid')).json()) as { items: { id: string }[] }
  await page.goto(`/admin/leads/${leads.items[0]!.id}`)
  const fromCustomer = page.getByRole('region', { name: 'Fra kunden' })
  await expect(fromCustomer.getByText('Bilder (3)')).toBeVisible()
  // The phone's photo, stored on its side, is shown upright: taller than wide.
  const thumb = fromCustomer.getByRole('img', { name: /Bilde 1 fra kunden/ })
  await expect(thumb).toBeVisible()
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalHeight > 0 && img.naturalHeight > img.naturalWidth)).toBe(true)
  await expect(fromCustomer.locator('[data-preferred-times] li')).toHaveCount(2)
  await expect(fromCustomer.getByText(`${firstDay}, formiddag`)).toBeVisible()

  await thumb.click()
  const viewer = page.getByRole('dialog', { name: 'Bilde 1 av 3' })
  await expect(viewer).toBeVisible()
  const full = viewer.getByRole('img')
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight].join('x'))).toBe('32x64')
  // Red (the photo's left) is on top once it is turned clockwise.
  const top = await full.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(img, 0, 0)
    return [context.getImageData(16, 8, 1, 1).data[0], context.getImageData(16, 56, 1, 1).data[2]]
  })
  expect(top[0]).toBeGreaterThan(150)
  expect(top[1]).toBeGreaterThan(150)
  await page.screenshot({ path: info.outputPath('lead-bilde-1280.png') })
  await viewer.getByRole('button', { name: 'Neste' }).click()
  await expect(page.getByRole('dialog', { name: 'Bilde 2 av 3' })).toBeVisible()
  const second = page.getByRole('dialog', { name: 'Bilde 2 av 3' }).getByRole('img')
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2048)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('dialog', { name: 'Bilde 3 av 3' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Bilde 3 av 3' }).getByRole('link', { name: 'Last ned' })).toHaveAttribute('href', /download=1$/)
  await page.keyboard.press('Escape')
  await page.screenshot({ path: info.outputPath('lead-fra-kunden-1280.png'), fullPage: true })

  // Book the befaring on the first day the customer offered, move it, cancel it.
  const visits = page.getByRole('region', { name: 'Befaring' })
  await visits.getByRole('button', { name: 'Avtal befaring' }).click()
  const dialog = page.getByRole('dialog', { name: 'Avtal befaring' })
  const offered = await page.request.get(`/api/admin/leads/${leads.items[0]!.id}/enquiry`)
  const day = ((await offered.json()) as { preferred_times: { day: string }[] }).preferred_times[0]!.day
  const [year, month, date] = day.split('-')
  await dialog.getByLabel('Dag', { exact: true }).fill(`${date}.${month}.${year}`)
  await dialog.getByLabel('Klokkeslett').fill('09:00')
  await dialog.getByLabel('Hvem drar').selectOption({ index: 1 })
  await dialog.getByRole('button', { name: 'Avtal befaring' }).click()
  await expect(dialog).toBeHidden()
  await expect(visits.getByText(/kl\. 09:00–/)).toBeVisible()
  await visits.getByRole('button', { name: 'Flytt' }).click()
  const moving = page.getByRole('dialog', { name: 'Flytt befaring' })
  await moving.getByLabel('Klokkeslett').fill('11:00')
  await moving.getByRole('button', { name: 'Flytt befaringen' }).click()
  await expect(visits.getByText(/kl\. 11:00–/)).toBeVisible()
  await visits.getByRole('button', { name: 'Avlys' }).click()
  await page.getByRole('dialog', { name: 'Avlys befaringen?' }).getByRole('button', { name: 'Avlys befaringen' }).click()
  await expect(visits.getByText('Avlyst')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: info.outputPath('lead-befaring-1280.png'), fullPage: true })
})

test('a photo that failed to upload is tried again, and an enquiry never drops it unnoticed', async ({ page }, info) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/kontakt')
  const form = page.getByRole('form', { name: 'Kontaktskjema' })
  await form.getByLabel('Navn *').fill('Per Prøvigjen')
  await form.getByLabel('Telefon *').fill('913 57 000')
  await form.getByLabel('E-post *').fill('per@example.no')
  await form.getByLabel('Prosjektbeskrivelse *').fill('Lekkasje under vasken.')
  // The network drops the first upload.
  let dropped = false
  await page.route('**/api/contact/photos', (route) => {
    if (dropped) return route.continue()
    dropped = true
    return route.abort()
  })
  await form.locator('[data-photo-input]').setInputFiles([{ name: 'vask.png', mimeType: 'image/png', buffer: png(300, 200) }])
  await expect(form.getByText('Bildet kunne ikke lastes opp. Sjekk nettet og prøv igjen.')).toBeVisible()
  await form.getByRole('button', { name: /Send forespørsel/ }).click()
  await expect(form.getByText('Et bilde ble ikke lastet opp. Velg «Prøv igjen» eller «Fjern» under bildet, og send igjen.')).toBeVisible()
  await expect(form.locator('[data-contact-thanks]')).toHaveCount(0)
  await page.screenshot({ path: info.outputPath('bilde-feilet-375.png'), fullPage: true })
  await form.getByRole('button', { name: /Prøv igjen/ }).click()
  await expect(form.getByText('Lastet opp')).toBeVisible()
  await form.getByRole('button', { name: /Send forespørsel/ }).click()
  await expect(form.locator('[data-contact-thanks]')).toContainText('Bilder: 1')
})
