import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { CommandSearch } from './command-search'

beforeAll(() => {
  // cmdk measures and scrolls its list; jsdom has neither.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
  Element.prototype.scrollIntoView ??= () => {}
})
afterEach(() => vi.unstubAllGlobals())

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}

const results = {
  services: [{ id: 's1', title: 'Nytt sikringsskap', detail: 'Elektriker' }],
  leads: [{ id: 'l1', title: 'Vera Kunde', detail: 'vera@example.no' }],
  media: [],
  users: [{ id: 'u1', title: 'Vera Vikar', detail: 'vera@fagfolk.test' }],
  invoices: [{ id: 'i1', title: 'Faktura 2026-0007', detail: 'Vera Kunde' }],
}

describe('CommandSearch', () => {
  it('asks the server once typing pauses, shows the groups with hits, and goes where a hit lives', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: results }))
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin']}>
        <CommandSearch open onOpenChange={() => {}} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    )
    await user.type(screen.getByPlaceholderText('Søk i tjenester, leads, media og brukere…'), 'vera')
    const listbox = await screen.findByRole('listbox')
    expect(await within(listbox).findByRole('option', { name: /Vera Vikar/ })).toBeInTheDocument()
    expect(sent.map((call) => call.path)).toEqual(['/api/admin/search'])
    expect(within(listbox).getByText('Admin-brukere')).toBeInTheDocument()
    expect(within(listbox).queryByText('Media')).toBeNull()

    await user.click(within(listbox).getByRole('option', { name: /Vera Vikar/ }))
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/users?user=u1')
  })

  it('finds an invoice by its number and opens its page', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 200, body: { ...results, services: [], leads: [], users: [] } }))
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin']}>
        <CommandSearch open onOpenChange={() => {}} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    )
    await user.type(screen.getByPlaceholderText('Søk i tjenester, leads, media og brukere…'), '2026-0007')
    const listbox = await screen.findByRole('listbox')
    expect(await within(listbox).findByText('Fakturaer')).toBeInTheDocument()
    await user.click(await within(listbox).findByRole('option', { name: /Faktura 2026-0007/ }))
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/fakturaer/i1')
  })

  it('does not ask for fewer than two characters', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 200, body: results }))
    renderWithProviders(
      <MemoryRouter>
        <CommandSearch open onOpenChange={() => {}} />
      </MemoryRouter>,
    )
    await user.type(screen.getByPlaceholderText('Søk i tjenester, leads, media og brukere…'), ' v ')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(sent).toEqual([])
  })

  it('finds a page of the menu by a word of its name, before asking the server, and opens it', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 200, body: { services: [], leads: [], media: [], users: [], invoices: [] } }))
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin']}>
        <CommandSearch
          open
          onOpenChange={() => {}}
          pages={[
            { to: '/admin/oppdrag', label: 'Oppdrag' },
            { to: '/admin/timer', label: 'Månedens timer' },
          ]}
        />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    )
    await user.type(screen.getByPlaceholderText('Søk i tjenester, leads, media og brukere…'), 'Timer')
    const listbox = await screen.findByRole('listbox')
    expect(within(listbox).getByText('Sider')).toBeInTheDocument()
    expect(within(listbox).queryByRole('option', { name: 'Oppdrag' })).toBeNull()
    await user.click(within(listbox).getByRole('option', { name: 'Månedens timer' }))
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/timer')
  })
})
