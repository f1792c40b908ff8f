import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi } from '@/test-render'
import { NEUTRAL_SITE, SiteProvider } from '@/lib/site'
import type { Service } from '../api/services'
import { ServiceList } from './service-list'

const service = (name: string, category: Service['category'], price_from: number | null): Service =>
  ({ id: name, name, category, price_from, is_active: true, description: `${name} beskrevet`, created_at: '2026-11-01T10:00:00Z' }) as Service

function renderList(services: Service[] | null) {
  return render(
    <SiteProvider value={{ ...NEUTRAL_SITE, services }}>
      <ServiceList category="rorlegger" loadingText="Laster tjenester" emptyText="Ingen tjenester ennå." />
    </SiteProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('ServiceList', () => {
  it('shows the services the page was rendered with at once, its trade only, without asking the server', () => {
    const sent = answerApi(() => ({ status: 500 }))
    renderList([service('Nytt bad', 'kjokken-bad', 149000), service('Tett avløp', 'rorlegger', 2490)])
    expect(screen.getByRole('heading', { name: 'Tett avløp' })).toBeInTheDocument()
    expect(screen.getByText(/^Fra 2\s490 kr$/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Nytt bad' })).not.toBeInTheDocument()
    expect(screen.queryByText('Laster tjenester')).not.toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })

  it('fetches the trade when the page came without services', async () => {
    const sent = answerApi(() => ({ status: 200, body: [service('Varmtvannsbereder', 'rorlegger', null)] }))
    renderList(null)
    expect(await screen.findByRole('heading', { name: 'Varmtvannsbereder' })).toBeInTheDocument()
    expect(sent.map((call) => call.path)).toEqual(['/api/services'])
  })

  it('says so when the trade has no active services', () => {
    answerApi(() => ({ status: 500 }))
    renderList([])
    expect(screen.getByText('Ingen tjenester ennå.')).toBeInTheDocument()
  })
})
