import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { ServiceDialog } from './service-dialog'

afterEach(() => vi.unstubAllGlobals())

describe('ServiceDialog', () => {
  it('puts the server\'s message under its field and keeps what was typed', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: {
        error: 'Noen felt mangler eller er ugyldige.',
        fields: { price_from: 'Prisen må være et helt antall kroner fra 0 og oppover.', name: 'Kan ikke være lengre enn 200 tegn.' },
      },
    }))
    renderWithProviders(<ServiceDialog open onOpenChange={() => {}} service={null} category="elektriker" />)
    const dialog = screen.getByRole('dialog', { name: 'Ny tjeneste' })

    await user.click(within(dialog).getByRole('button', { name: 'Opprett' }))
    expect(within(dialog).getByText('Navn er påkrevd.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Navn'), 'Termografi')
    await user.type(within(dialog).getByLabelText('Pris fra (kr)'), '3490')
    await user.click(within(dialog).getByRole('button', { name: 'Opprett' }))
    expect(await within(dialog).findByText('Prisen må være et helt antall kroner fra 0 og oppover.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Pris fra (kr)')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText('Kan ikke være lengre enn 200 tegn.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Navn')).toHaveValue('Termografi')
    expect(within(dialog).getByLabelText('Pris fra (kr)')).toHaveValue(3490)
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/services',
      body: { name: 'Termografi', price_from: 3490, is_active: true, category: 'elektriker' },
    })
  })

  it('starts from the service as it is each time it opens', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 204 }))
    const service = {
      id: '01s1', name: 'Nytt sikringsskap', slug: 'nytt-sikringsskap', description: null, price_from: 18900,
      category: 'elektriker', category_id: null, is_active: true, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z',
    }
    function Harness() {
      const [open, setOpen] = useState(true)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>Rediger</button>
          <ServiceDialog open={open} onOpenChange={setOpen} service={service} category="elektriker" />
        </>
      )
    }
    renderWithProviders(<Harness />)
    await user.clear(screen.getByLabelText('Navn'))
    await user.type(screen.getByLabelText('Navn'), 'Ikke lagret')
    await user.click(screen.getByRole('button', { name: 'Avbryt' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Rediger' }))
    expect(screen.getByLabelText('Navn')).toHaveValue('Nytt sikringsskap')
    expect(screen.getByLabelText('Pris fra (kr)')).toHaveValue(18900)
  })
})
