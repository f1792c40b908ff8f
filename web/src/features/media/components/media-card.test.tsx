import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Media } from '../api/media'
import { MediaCard } from './media-card'

afterEach(() => vi.unstubAllGlobals())

const bath: Media = {
  id: '01m1',
  url: '/media/1764000000000-bad.jpg',
  name: 'Nytt bad',
  alt: 'Nytt bad',
  width: 1200,
  height: 800,
  size_kb: 210,
  type: 'image/jpeg',
  created_at: '2026-11-01T10:00:00Z',
  variants: [],
  used_by: [],
  is_logo: false,
}

describe('MediaCard', () => {
  it('puts the server\'s message under the alt text and keeps what was typed', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { alt: 'Kan ikke være lengre enn 300 tegn.' } },
    }))
    renderWithProviders(<MediaCard media={bath} highlighted={false} onDelete={() => {}} />)
    const field = screen.getByLabelText('Alt-tekst for Nytt bad')
    expect(field).toHaveValue('Nytt bad')
    await user.clear(field)
    await user.type(field, 'Flislagt bad på Frogner')
    await user.click(screen.getByRole('button', { name: 'Lagre alt-tekst' }))
    expect(await screen.findByText('Kan ikke være lengre enn 300 tegn.')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveValue('Flislagt bad på Frogner')
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/admin/media/01m1', body: { alt: 'Flislagt bad på Frogner' } })
  })

  it('says a picture lacks alt text, and never offers the file name in its place', () => {
    renderWithProviders(<MediaCard media={{ ...bath, name: 'IMG_2041', alt: null }} highlighted={false} onDelete={() => {}} />)
    expect(screen.getByText('Mangler alt-tekst: skriv hva bildet viser.')).toBeInTheDocument()
    expect(screen.getByLabelText('Alt-tekst for IMG_2041')).toHaveValue('')
  })
})
