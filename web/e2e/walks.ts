import type { Page, TestInfo } from '@playwright/test'
import { expect } from '@playwright/test'
import { seriousViolations } from './axe'

/**
 * The walks of #75 (e2e/walk-*.spec.ts): a person's day on the `--demo` data through the
 * screens only. `look` is what each step's page is checked with: in the light and the dark
 * theme, a full-page screenshot kept under the test's output (`<name>-<width>-<theme>.png`,
 * listed in the closing note) and axe without serious or critical findings; the page
 * is left in the light theme, reloaded.
 */
export async function look(page: Page, info: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((chosen) => window.localStorage.setItem('theme', chosen), theme)
    await page.emulateMedia({ colorScheme: theme })
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*\bdark\b)/)
    await page.screenshot({ path: info.outputPath(`${name}-${width}-${theme}.png`), fullPage: true })
    expect(await seriousViolations(page), `${name} (${theme}, ${width} px)`).toEqual([])
  }
  // Nothing wider than the screen: no sideways scrolling at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width)
}
