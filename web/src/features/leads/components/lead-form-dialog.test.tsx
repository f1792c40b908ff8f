import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { LeadFormDialog } from './lead-form-dialog'

afterEach(() => vi.unstubAllGlobals())

describe('LeadFormDialog', () => {
  it("puts the server's message under its field and keeps what was typed", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { postnr: 'Postnummeret er fire sifre.' } },
    }))
    renderWithProviders(
      <LeadFormDialog open onOpenChange={() => {}} lead={null} pipeline={['Ny', 'Kontaktet']} sources={['Web', 'Telefon']} staff={[]} />,
    )
    await user.type(screen.getByLabelText('Navn *'), 'Kari Nordmann')
    await user.type(screen.getByLabelText('Postnummer'), '05 60')
    await user.type(screen.getByLabelText('Telefon'), '912 34 567')
    await user.click(screen.getByRole('button', { name: 'Opprett Lead' }))

    expect(await screen.findByText('Postnummeret er fire sifre.')).toBeInTheDocument()
    expect(screen.getByLabelText('Postnummer')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Postnummer')).toHaveValue('05 60')
    expect(screen.getByLabelText('Navn *')).toHaveValue('Kari Nordmann')
    expect(screen.getByLabelText('Telefon')).toHaveValue('912 34 567')
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/admin/leads', body: { name: 'Kari Nordmann', postnr: '05 60' } })
  })
})
