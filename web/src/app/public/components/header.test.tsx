import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ToastProvider } from '@/components/toast'
import { NEUTRAL_SITE, SiteProvider } from '@/lib/site'
import { PathnameProvider } from '../pathname'
import { Header, isActive } from './header'

describe('isActive', () => {
  it('matches by path prefix, and the home page only exactly', () => {
    expect(isActive('/tjenester', '/tjenester/elektriker')).toBe(true)
    expect(isActive('/tjenester', '/tjenester')).toBe(true)
    expect(isActive('/tjenester', '/tjenester-gammel')).toBe(false)
    expect(isActive('/', '/')).toBe(true)
    expect(isActive('/', '/kontakt')).toBe(false)
  })
})

function renderHeader(path: string) {
  const site = { ...NEUTRAL_SITE, company_name: 'Fagfolk AS', phone: '22 33 44 55', phone_uri: 'tel:+4722334455' }
  return render(
    <SiteProvider value={site}>
      <ToastProvider>
        <PathnameProvider pathname={path}>
          <Header />
        </PathnameProvider>
      </ToastProvider>
    </SiteProvider>,
  )
}

describe('Header', () => {
  it('shows the phone from settings as a tel link and marks the current page', () => {
    renderHeader('/referanser')
    expect(screen.getByRole('link', { name: '22 33 44 55' })).toHaveAttribute('href', 'tel:+4722334455')
    const nav = screen.getByRole('navigation', { name: 'Hovedmeny' })
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent('Referanser')
  })

  it('opens the mobile menu and closes it again', async () => {
    const user = userEvent.setup()
    renderHeader('/')
    await user.click(screen.getByRole('button', { name: 'Åpne meny' }))
    expect(screen.getByRole('navigation', { name: 'Mobilmeny' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Lukk meny' }))
    expect(screen.queryByRole('navigation', { name: 'Mobilmeny' })).toBeNull()
  })
})
