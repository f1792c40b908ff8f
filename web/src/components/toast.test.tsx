import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ToastProvider, useToast } from './toast'

function Saves() {
  const toast = useToast()
  return (
    <button type="button" onClick={() => toast({ title: 'Godziny zapisane', description: 'Wpis zostanie wysłany, gdy telefon znów będzie miał połączenie z siecią.', action: { label: 'Cofnij', onClick: () => {} } })}>
      Zapisz
    </button>
  )
}

describe('a toast', () => {
  it('shows its whole text, never cut at two lines, and a tap on it closes it', async () => {
    const user = userEvent.setup()
    render(
      <ToastProvider>
        <Saves />
      </ToastProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'Zapisz' }))
    const toast = screen.getByRole('status').querySelector('[data-toast]') as HTMLElement
    expect(toast).toHaveTextContent('Godziny zapisane Wpis zostanie wysłany, gdy telefon znów będzie miał połączenie z siecią.')
    expect(toast.innerHTML).not.toMatch(/line-clamp|truncate/)
    await user.click(screen.getByText(/Wpis zostanie wysłany/))
    expect(screen.queryByText(/Wpis zostanie wysłany/)).toBeNull()
  })
})
