import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { ClearDialog } from './clear-dialog'

afterEach(() => vi.unstubAllGlobals())

describe('ClearDialog', () => {
  it("puts the server's message under the word and keeps what was typed", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { confirm: 'Skriv TØM for å tømme loggen.' } },
    }))
    const onCleared = vi.fn()
    renderWithProviders(<ClearDialog open onOpenChange={() => {}} onCleared={onCleared} />)

    const word = screen.getByLabelText('Skriv TØM for å bekrefte')
    expect(screen.getByRole('button', { name: 'Tøm logger' })).toBeDisabled()
    await user.type(word, ' TØM ')
    await user.click(screen.getByRole('button', { name: 'Tøm logger' }))

    expect(await screen.findByText('Skriv TØM for å tømme loggen.')).toBeInTheDocument()
    expect(word).toHaveAttribute('aria-invalid', 'true')
    expect(word).toHaveValue(' TØM ')
    expect(onCleared).not.toHaveBeenCalled()
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/admin/audit', body: { confirm: ' TØM ' } }])
  })
})
