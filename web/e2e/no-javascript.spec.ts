import type { Locator, Page } from '@playwright/test'
import { adminEmail, adminPassword } from './admin'
import { png } from './fixtures'
import { expect, startServer, test } from './server'

// The contact form works before and without JavaScript (src/contact/form_post.rs): it
// posts, the enquiry is stored and confirmed, a refused one comes back with the
// messages under the fields and what was typed, and nothing personal is ever in a URL.

const PUBLIC_PAGES = ['/', '/tjenester', '/tjenester/elektriker', '/tjenester/rorlegger', '/tjenester/kjokken-bad',
  '/private-kunder', '/bedriftskunder', '/kontraktpartnere', '/referanser', '/kontakt', '/kontakt/takk',
  '/personvern', '/vilkar', '/cookies']

async function fill(form: Locator, { name = 'Nora Uten Skript', email = 'nora@example.no', phone = '+47 913 23 121', message = 'Sikringen går.' } = {}) {
  await form.getByLabel('Navn *').fill(name)
  await form.getByLabel('Telefon *').fill(phone)
  await form.getByLabel('E-post *').fill(email)
  await form.getByLabel('Prosjektbeskrivelse *').fill(message)
}

/** The leads whose name has `name`, as staff see them (the API, signed in apart from the page). */
async function leadsNamed(page: Page, name: string): Promise<number> {
  const request = page.context().request
  await request.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword }, headers: { 'X-Fagfolk-Csrf': '1' } })
  const list = await (await request.get(`/api/admin/leads?q=${encodeURIComponent(name)}`)).json()
  return list.total as number
}

test.describe('without JavaScript, on a 375 px phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })

  test('a valid enquiry is stored and confirmed, and a reload stores nothing twice', async ({ page }) => {
    const requests: string[] = []
    // The path and query only: the server's port is random, and one such as 35913 holds
    // the digits looked for below.
    page.on('request', (request) => {
      const url = new URL(request.url())
      requests.push(`${request.method()} ${url.pathname}${url.search}`)
    })
    await page.goto('/kontakt')
    const form = page.getByRole('form', { name: 'Kontaktskjema' })
    await fill(form)
    await form.getByLabel('Tjeneste').selectOption('Elektrikertjenester')
    // The photos go with the form itself.
    await form.getByLabel('Bilder (valgfritt)').setInputFiles([{ name: 'skap.png', mimeType: 'image/png', buffer: png(120, 90) }])
    await form.getByRole('button', { name: 'Send forespørsel' }).click()
    await expect(page).toHaveURL(/\/kontakt\/takk$/)
    await expect(page.getByRole('heading', { name: 'Takk for henvendelsen!' })).toBeVisible()
    expect(await leadsNamed(page, 'Nora Uten Skript')).toBe(1)
    const request = page.context().request
    const lead = (await (await request.get('/api/admin/leads?q=Nora')).json()) as { items: { id: string }[] }
    const sent = (await (await request.get(`/api/admin/leads/${lead.items[0]!.id}/enquiry`)).json()) as { photos: { width: number }[] }
    expect(sent.photos.map((photo) => photo.width)).toEqual([120])
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Takk for henvendelsen!' })).toBeVisible()
    expect(await leadsNamed(page, 'Nora Uten Skript')).toBe(1)
    // Nothing the visitor typed went into a URL.
    expect(requests.filter((line) => /nora|913|Sikringen/i.test(line))).toEqual([])
  })

  test('an invalid enquiry comes back with the Norwegian messages under the fields and the typed values', async ({ page }) => {
    await page.goto('/kontakt')
    const form = page.getByRole('form', { name: 'Kontaktskjema' })
    await fill(form, { name: 'Per <Skriptløs>', email: 'per@eksempel', phone: '12' })
    await form.getByRole('button', { name: 'Send forespørsel' }).click()
    await expect(page).toHaveURL(/\/kontakt$/)
    await expect(form.getByText('Skriv et gyldig telefonnummer, for eksempel 912 34 567.')).toBeVisible()
    await expect(form.getByText('Skriv en gyldig e-postadresse, for eksempel navn@eksempel.no.')).toBeVisible()
    await expect(form.getByLabel('Telefon *')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('Navn *')).toHaveValue('Per <Skriptløs>')
    await expect(form.getByLabel('E-post *')).toHaveValue('per@eksempel')
    await expect(form.getByLabel('Prosjektbeskrivelse *')).toHaveValue('Sikringen går.')
    expect(await leadsNamed(page, 'Skriptløs')).toBe(0)
    // Corrected, it is sent.
    await form.getByLabel('Telefon *').fill('912 34 567')
    await form.getByLabel('E-post *').fill('per@eksempel.no')
    await form.getByRole('button', { name: 'Send forespørsel' }).click()
    await expect(page).toHaveURL(/\/kontakt\/takk$/)
    expect(await leadsNamed(page, 'Skriptløs')).toBe(1)
  })

  test('the honeypot holds: a robot that fills the hidden field is refused and nothing is stored', async ({ page }) => {
    await page.goto('/kontakt')
    const form = page.getByRole('form', { name: 'Kontaktskjema' })
    await fill(form, { name: 'Robot Uten Skript' })
    await form.locator('input[name="website"]').fill('https://spam.example', { force: true })
    await form.getByRole('button', { name: 'Send forespørsel' }).click()
    await expect(form.getByRole('alert')).toHaveText('Henvendelsen ble stoppet av spamfilteret. Ring oss om du ikke er en robot.')
    expect(await leadsNamed(page, 'Robot Uten Skript')).toBe(0)
  })

  test('the limit holds, and says to wait or call with what was typed kept', async ({ browser }) => {
    const server = await startServer({ FAGFOLK_CONTACT_LIMIT: '1' })
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 }, baseURL: server.url })
    try {
      const page = await context.newPage()
      for (const message of ['Første uten skript.', 'Andre uten skript.']) {
        await page.goto('/kontakt')
        const form = page.getByRole('form', { name: 'Kontaktskjema' })
        await fill(form, { message })
        await form.getByRole('button', { name: 'Send forespørsel' }).click()
      }
      const form = page.getByRole('form', { name: 'Kontaktskjema' })
      await expect(form.getByRole('alert')).toHaveText('Du har sendt mange henvendelser på kort tid. Vent litt og prøv igjen, eller ring oss.')
      await expect(form.getByLabel('Prosjektbeskrivelse *')).toHaveValue('Andre uten skript.')
    } finally {
      await context.close()
      await server.stop()
    }
  })

  test('every form on every public page posts (the sign-in form too: login-form.test.tsx)', async ({ page }) => {
    for (const path of PUBLIC_PAGES) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(200)
      const forms = (await response.text()).match(/<form\b[^>]*>/g) ?? []
      for (const form of forms) expect(form, `${path}: ${form}`).toMatch(/\bmethod="post"/)
    }
    const home = await (await page.request.get('/')).text()
    expect(home.match(/<form\b[^>]*>/g)?.length, 'the home page has its contact form').toBeGreaterThan(0)
  })
})

test('with the page scripts blocked, an enquiry still arrives', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/kontakt')
  const form = page.getByRole('form', { name: 'Kontaktskjema' })
  await fill(form, { name: 'Blokkert Skript' })
  await form.getByRole('button', { name: 'Send forespørsel' }).click()
  await expect(page).toHaveURL(/\/kontakt\/takk$/)
  expect(await leadsNamed(page, 'Blokkert Skript')).toBe(1)
})

test('a post from another site is refused and stores nothing', async ({ page }) => {
  const response = await page.request.post('/kontakt', {
    headers: { Origin: 'https://evil.example' },
    form: { name: 'Fremmed Side', phone: '912 34 567', email: 'x@example.no', message: 'Hei' },
  })
  expect(response.status()).toBe(403)
  expect(await response.text()).toContain('Skjemaet ble sendt fra en annen nettside og er avvist.')
  expect(await leadsNamed(page, 'Fremmed Side')).toBe(0)
})
