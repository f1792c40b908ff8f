import type { Page } from '@playwright/test'
import { expect, test } from './server'
import { signIn } from './admin'
import { png } from './fixtures'

// Every free-text field gets markup that would run script or add an element if it
// were ever inserted as HTML. React escapes text and the CSP forbids inline script;
// the server's renderer escapes what it renders into the public pages.
const PAYLOAD = `Ola <img src=x onerror="window.__xss=1" data-xss> <script>window.__xss=1</script></script><b data-xss>fet</b> "' &amp;`

async function assertInert(page: Page, where: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${where}: script ran`).toBeUndefined()
  await expect(page.locator('[data-xss]'), `${where}: element injected`).toHaveCount(0)
}

test('markup in every free-text field stays text, in the admin and on the public site', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })

  // Contact form -> lead.
  await page.goto('/kontakt')
  const form = page.locator('form[data-contact-form]')
  await form.getByLabel('Navn *').fill(PAYLOAD)
  await form.getByLabel('Telefon *').fill('912 34 567')
  await form.getByLabel('E-post *').fill('xss@example.no')
  await form.getByLabel('Prosjektbeskrivelse *').fill(PAYLOAD)
  await form.getByRole('button', { name: 'Send forespørsel' }).click()
  await expect(page.locator('[data-contact-thanks]')).toContainText('Takk for henvendelsen!')

  await signIn(page)
  await assertInert(page, 'dashboard')
  await page.goto('/admin/leads')
  await expect(page.getByRole('row').filter({ hasText: 'window.__xss' }).first()).toBeVisible()
  await assertInert(page, 'lead table')
  await page.getByRole('row').filter({ hasText: 'window.__xss' }).first().getByRole('button', { name: /^Vis / }).click()
  // Open before it is looked at, and closed before the next step (a busy machine opens it late).
  const details = page.getByRole('dialog', { name: 'Lead-detaljer' })
  await expect(details).toBeVisible()
  await assertInert(page, 'lead details')
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()

  // A lead with markup in every field and tag.
  await page.getByRole('button', { name: 'Ny lead' }).click()
  const dialog = page.getByRole('dialog', { name: 'Opprett ny Lead' })
  for (const label of ['Navn *', 'Adresse', 'Beskrivelse']) await dialog.getByLabel(label).fill(PAYLOAD.slice(0, 200))
  await dialog.getByLabel('Telefon').fill('<img src=x onerror=alert(1)>')
  await dialog.getByLabel('Postnummer').fill('<b>1')
  await dialog.getByLabel('Tags', { exact: true }).fill(PAYLOAD.slice(0, 50))
  await dialog.getByLabel('Tags', { exact: true }).press('Enter')
  await dialog.getByRole('button', { name: 'Opprett Lead' }).click()
  await expect(page.getByText('Ny lead ble opprettet.')).toBeVisible()
  await page.getByRole('tab', { name: 'Kanban' }).click()
  await assertInert(page, 'kanban')

  // A service with markup: admin card and the public page (server-rendered and hydrated).
  await page.goto('/admin/services/category/elektriker')
  await page.getByRole('button', { name: 'Ny tjeneste' }).click()
  const service = page.getByRole('dialog', { name: 'Ny tjeneste' })
  await service.getByLabel('Navn').fill(PAYLOAD.slice(0, 150))
  await service.getByLabel('Beskrivelse').fill(PAYLOAD)
  await service.getByRole('button', { name: 'Opprett' }).click()
  await expect(page.getByText('Tjeneste opprettet')).toBeVisible()
  await assertInert(page, 'service card')

  // A user and the settings.
  await page.goto('/admin/users')
  await page.getByRole('button', { name: 'Ny admin-bruker' }).click()
  const user = page.getByRole('dialog', { name: 'Ny admin-bruker' })
  await user.getByLabel('Navn').fill(PAYLOAD.slice(0, 150))
  await user.getByLabel('E-post').fill('xss-bruker@fagfolk.test')
  await user.getByLabel('Passord').fill('et langt og trygt passord')
  await user.getByRole('button', { name: 'Opprett' }).click()
  await expect(page.getByText('Admin-bruker opprettet')).toBeVisible()
  await assertInert(page, 'users')

  await page.goto('/admin/settings')
  await page.getByLabel('Firmanavn').fill(`Fagfolk ${PAYLOAD.slice(0, 120)}`)
  await page.getByLabel('Adresse').fill(PAYLOAD.slice(0, 200))
  await page.getByRole('button', { name: 'Lagre', exact: true }).click()
  await expect(page.getByText('Innstillinger lagret')).toBeVisible()

  // Alt text.
  await page.goto('/admin/media')
  // The list first, as admin-backoffice.spec.ts does: a file set while the page is still
  // loading can go to an input that is then replaced (CI once saw no upload at all).
  await expect(page.getByText('Ingen media funnet.')).toBeVisible()
  await page.locator('[data-upload-input]').setInputFiles([{ name: 'bilde.png', mimeType: 'image/png', buffer: png(8, 8) }])
  const card = page.locator('[data-media="bilde"]')
  await card.getByLabel('Alt-tekst for bilde').fill(PAYLOAD)
  await card.getByRole('button', { name: 'Lagre alt-tekst' }).click()
  await expect(page.getByText('Alt-tekst lagret')).toBeVisible()
  await assertInert(page, 'media')

  await page.keyboard.press('Control+k')
  await page.getByPlaceholder('Søk i tjenester, leads, media og brukere…').fill('window')
  await expect(page.getByRole('option').first()).toBeVisible()
  await assertInert(page, 'command search')
  await page.keyboard.press('Escape')

  for (const path of ['/admin/logs', '/', '/tjenester/elektriker', '/kontakt', '/vilkar']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await assertInert(page, path)
  }
  // The served HTML itself (before any script) carries the markup escaped.
  const html = await (await page.request.get('/tjenester/elektriker')).text()
  expect(html).not.toContain('<img src=x')
  expect(html).not.toContain('<script>window.__xss')
  expect(html).toContain('&lt;img src=x')
  expect(dialogs).toEqual([])

  // Put the settings back for the tests that follow.
  await page.goto('/admin/settings')
  await page.getByLabel('Firmanavn').fill('Fagfolk AS')
  await page.getByLabel('Adresse').fill('Økernveien 94, 0579 Oslo')
  await page.getByRole('button', { name: 'Lagre', exact: true }).click()
  await expect(page.getByText('Innstillinger lagret')).toBeVisible()
})
