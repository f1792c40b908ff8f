import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { QuoteView } from '../api/quotes'
import { QuotePanel } from './quote-panel'

afterEach(() => vi.unstubAllGlobals())

const draft = {
  id: 'q-1',
  number: '2026-0042',
  version: 1,
  status: 'draft',
  customer_email: 'per@example.no',
  total: 100_000,
  versions: [],
} as unknown as QuoteView

function renderPanel(mail: boolean) {
  answerApi(() => ({ status: 500 }))
  renderWithProviders(
    <MemoryRouter>
      <QuotePanel view={draft} mail={mail} onOpen={() => {}} />
    </MemoryRouter>,
  )
}

describe('QuotePanel', () => {
  it('promises no e-mail when the server has none', async () => {
    const user = userEvent.setup()
    renderPanel(false)
    await user.click(screen.getByRole('button', { name: 'Send til kunden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sende tilbudet?' })
    expect(dialog).toHaveAccessibleDescription(/E-post er ikke satt opp på serveren: du får lenken og PDF-en/)
  })

  it('says where the mail goes when the server has e-mail', async () => {
    const user = userEvent.setup()
    renderPanel(true)
    await user.click(screen.getByRole('button', { name: 'Send til kunden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sende tilbudet?' })
    expect(dialog).toHaveAccessibleDescription(/Tilbudet sendes til per@example\.no med PDF og lenke/)
  })
})
