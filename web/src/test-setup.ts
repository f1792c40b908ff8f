import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// jsdom has no modal dialogs yet: enough of `showModal` and `close` for the native
// <dialog> the admin's dialogs are built on (src/components/ui/dialog.tsx).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
}

// A Norwegian browser, as e2e's (playwright.config.ts): the sign-in page follows the
// browser's languages until one is picked (src/lib/i18n); jsdom's would say en-US.
if (typeof navigator !== 'undefined') Object.defineProperty(navigator, 'languages', { value: ['nb-NO', 'nb'], configurable: true })
