import { expect, type Page } from '@playwright/test'
import { adminPassword } from '../playwright.config'

export const adminEmail = 'admin@fagfolk.test'
export { adminPassword }
/** The administrator `fagfolk serve --demo` makes (src/leads/demo.rs, and the README). */
export const demoEmail = 'demo@fagfolk.no'
export const demoPassword = 'demo-fagfolk-2026'

/** Fills in and sends the sign-in form, whatever the answer. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('E-post').fill(email)
  await page.getByLabel('Passord').fill(password)
  await page.getByRole('button', { name: 'Logg inn' }).click()
}

export async function signIn(page: Page, email = adminEmail, password = adminPassword) {
  await submitSignIn(page, email, password)
  await expect(page).toHaveURL('/admin')
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible()
}

/** Creates a lead through the API with the page's session, as the app would. */
export async function createLead(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/admin/leads', { data, headers: { 'X-Fagfolk-Csrf': '1' } })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: string; name: string; status: string }
}
