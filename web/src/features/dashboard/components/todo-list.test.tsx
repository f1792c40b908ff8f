import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test-render'
import { LaunchChecklist } from './launch-checklist'
import { TodoList } from './todo-list'

afterEach(() => window.localStorage.clear())

function renderIn(children: React.ReactNode) {
  return renderWithProviders(<MemoryRouter>{children}</MemoryRouter>)
}

describe('TodoList', () => {
  it('names each thing with a link to its page, says how many more, and links the whole list', () => {
    renderIn(
      <TodoList
        items={[
          { kind: 'done_not_invoiced', count: 7, things: [{ kind: 'job', id: 'job-1', title: 'Elbillader i garasjen, Kari Nordmann' }] },
          { kind: 'visit_without_quote', count: 1, things: [{ kind: 'lead', id: 'lead-1', title: 'Befaring hos Åse Ødegård' }] },
          { kind: 'reminders_due', count: 1, things: [{ kind: 'invoice', id: 'inv-1', title: 'Faktura 2026-0007, Byggmester Hansen AS' }] },
        ]}
      />,
    )
    const done = screen.getByText('Ferdige oppdrag som ikke er fakturert').closest('li')!
    expect(within(done).getByRole('link', { name: 'Elbillader i garasjen, Kari Nordmann' })).toHaveAttribute('href', '/admin/oppdrag/job-1')
    expect(within(done).getByText('og 6 til')).toBeInTheDocument()
    expect(within(done).getByRole('link', { name: /Se alle/ })).toHaveAttribute('href', '/admin/oppdrag?status=done')
    expect(screen.getByRole('link', { name: 'Befaring hos Åse Ødegård' })).toHaveAttribute('href', '/admin/leads/lead-1')
    expect(screen.getByRole('link', { name: 'Faktura 2026-0007, Byggmester Hansen AS' })).toHaveAttribute('href', '/admin/fakturaer/inv-1')
  })

  it('opens the list of overdue invoices from "Forfalte fakturaer", the same invoices it counts', () => {
    renderIn(<TodoList items={[{ kind: 'overdue', count: 2, things: [{ kind: 'invoice', id: 'inv-2', title: 'Faktura 2026-0002, Kari' }] }]} />)
    const overdue = screen.getByText('Forfalte fakturaer').closest('li')!
    expect(within(overdue).getByRole('link', { name: /Se alle/ })).toHaveAttribute('href', '/admin/fakturaer?status=overdue')
  })

  it('says when nothing waits', () => {
    renderIn(<TodoList items={[]} />)
    expect(screen.getByText('Ingenting venter på kontoret nå.')).toBeInTheDocument()
  })
})

describe('LaunchChecklist', () => {
  const steps = [{ key: 'logo', text: 'Last opp logoen.', link: '/admin/settings' }]

  it('folds away and opens again, remembering the choice in this browser', async () => {
    const user = userEvent.setup()
    const { unmount } = renderIn(<LaunchChecklist steps={steps} />)
    expect(screen.getByText('Last opp logoen.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Skjul' }))
    expect(screen.queryByText('Last opp logoen.')).not.toBeVisible()
    unmount()
    renderIn(<LaunchChecklist steps={steps} />)
    const show = screen.getByRole('button', { name: 'Vis 1 punkt' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    await user.click(show)
    expect(screen.getByText('Last opp logoen.')).toBeVisible()
  })
})
