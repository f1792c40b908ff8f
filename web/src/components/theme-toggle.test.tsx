import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ThemeToggle } from './theme-toggle'

beforeEach(() => {
  window.localStorage.clear()
  document.documentElement.className = ''
  // jsdom has no media queries; the system preference here is "light".
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia
})

describe('ThemeToggle', () => {
  it('writes nothing until the visitor picks, then cycles light, dark, system', async () => {
    const user = userEvent.setup()
    render(<ThemeToggle />)
    expect(window.localStorage.getItem('theme')).toBeNull()

    await user.click(screen.getByRole('button', { name: /^Tema: Lyst/ }))
    expect(window.localStorage.getItem('theme')).toBe('dark')
    expect(document.documentElement).toHaveClass('dark')

    await user.click(screen.getByRole('button', { name: /^Tema: Mørkt/ }))
    expect(window.localStorage.getItem('theme')).toBe('system')
    expect(document.documentElement).not.toHaveClass('dark')

    await user.click(screen.getByRole('button', { name: /^Tema: Systemvalg/ }))
    expect(window.localStorage.getItem('theme')).toBe('light')
  })

  it('starts from the stored choice', async () => {
    window.localStorage.setItem('theme', 'dark')
    render(<ThemeToggle />)
    expect(await screen.findByRole('button', { name: /^Tema: Mørkt/ })).toBeInTheDocument()
  })
})
