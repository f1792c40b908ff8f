import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { ContentItem } from '../api/content'
import { ContentDialog } from './content-dialog'

afterEach(() => vi.unstubAllGlobals())

const noPictures = () => null

describe('ContentDialog', () => {
  it("puts the server's message under its field and keeps what was typed", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { email: 'Skriv en gyldig e-postadresse.' } },
    }))
    renderWithProviders(<ContentDialog open onOpenChange={() => {}} kind="team" item={null} picturePicker={noPictures} />)

    await user.type(screen.getByLabelText('Navn'), 'Kari Nordmann')
    await user.type(screen.getByLabelText('Tittel eller rolle'), 'Elektriker')
    await user.type(screen.getByLabelText('Beskrivelse'), 'Fagbrev 2011.')
    await user.type(screen.getByLabelText('E-post (valgfritt)'), 'kari@')
    await user.click(screen.getByLabelText('Skjult på nettstedet'))
    await user.click(screen.getByRole('button', { name: 'Lagre' }))

    expect(await screen.findByText('Skriv en gyldig e-postadresse.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-post (valgfritt)')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-post (valgfritt)')).toHaveValue('kari@')
    expect(screen.getByLabelText('Navn')).toHaveValue('Kari Nordmann')
    expect(screen.getByLabelText('Skjult på nettstedet')).toBeChecked()
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/content',
      body: { kind: 'team', hidden: true, data: { name: 'Kari Nordmann', title: 'Elektriker', email: 'kari@', photo: null } },
    })
  })

  it('saves an existing member with the pages and the picture it had', async () => {
    const user = userEvent.setup()
    const item = {
      id: '0192f0c4-0000-7000-8000-000000000001',
      kind: 'team',
      example: false,
      hidden: false,
      position: 0,
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
      data: { name: 'Silje Nilsen', title: 'Prosjektleder', description: 'Planlegger.', photo: '0192f0c4-0000-7000-8000-0000000000aa', pages: ['home', 'contact'] },
    } as unknown as ContentItem
    const sent = answerApi(() => ({ status: 200, body: item }))
    renderWithProviders(<ContentDialog open onOpenChange={() => {}} kind="team" item={item} picturePicker={noPictures} />)

    expect(screen.getByLabelText('Forsiden')).toBeChecked()
    expect(screen.getByLabelText('Kontakt')).toBeChecked()
    expect(screen.getByLabelText('Kontraktpartnere')).not.toBeChecked()
    await user.clear(screen.getByLabelText('Navn'))
    await user.type(screen.getByLabelText('Navn'), 'Kari Nordmann')
    await user.click(screen.getByRole('button', { name: 'Lagre' }))

    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      body: { data: { name: 'Kari Nordmann', photo: '0192f0c4-0000-7000-8000-0000000000aa', pages: ['home', 'contact'] } },
    })
  })
})
