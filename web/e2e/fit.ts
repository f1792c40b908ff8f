import type { Page } from '@playwright/test'

/**
 * What does not fit on the page in view: the page's own sideways scroll, a table whose box
 * must be scrolled sideways, and every control (button, link, select, input) that lies
 * outside the window's width or outside the visible box of the element that clips or
 * scrolls it, so that part of it, or all of it, cannot be seen without scrolling sideways.
 * Controls that are not shown (no size, `hidden`, under `aria-hidden`, a skip link off the
 * screen until it has focus) are left out.
 */
export async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth + 1) found.push(`siden er ${root.scrollWidth} px bred i ${root.clientWidth} px`)
    for (const table of document.querySelectorAll('table')) {
      const holder = table.closest('.overflow-x-auto, .overflow-auto')
      if (holder && holder.scrollWidth > holder.clientWidth + 1) found.push(`en tabell må rulles sidelengs (${holder.scrollWidth} px i ${holder.clientWidth} px)`)
    }
    /** The nearest ancestor that clips or scrolls sideways: what shows of the control. */
    const clipper = (element: Element): Element | null => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX
        if (overflow !== 'visible') return parent
      }
      return null
    }
    const name = (control: Element) =>
      control.getAttribute('aria-label') ?? (control.textContent?.trim() || control.getAttribute('name') || control.tagName)
    for (const control of document.querySelectorAll('button, a[href], select, input:not([type=hidden]), textarea')) {
      const box = control.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      if (control.closest('[aria-hidden="true"], [hidden], [inert]')) continue
      if (getComputedStyle(control).visibility === 'hidden') continue
      // A skip link waits off the screen until it has focus.
      if (control.matches('.sr-only, .sr-only *') || box.right <= 0) continue
      if (box.left < -1 || box.right > root.clientWidth + 1) {
        found.push(`«${name(control)}» står utenfor vinduet (${Math.round(box.left)}-${Math.round(box.right)} av 0-${root.clientWidth})`)
        continue
      }
      const frame = clipper(control)?.getBoundingClientRect()
      if (frame && (box.left < frame.left - 1 || box.right > frame.right + 1)) {
        found.push(`«${name(control)}» står utenfor boksen sin (${Math.round(box.left)}-${Math.round(box.right)} av ${Math.round(frame.left)}-${Math.round(frame.right)})`)
      }
    }
    return found
  })
}
