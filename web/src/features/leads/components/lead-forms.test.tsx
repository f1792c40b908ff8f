import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { answerApi, renderWithProviders } from '@/test-render'
import { InlineField } from './inline-field'
import { NoteComposer } from './note-composer'

afterEach(() => vi.unstubAllGlobals())

describe('NoteComposer', () => {
  it("puts the server's message under the note and keeps what was typed", async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { body: 'Skriv et notat.' } },
    }))
    const onAdded = vi.fn()
    renderWithProviders(<NoteComposer leadId="lead-1" onAdded={onAdded} />)

    await user.type(screen.getByLabelText('Nytt notat'), 'Ringte, ny befaring torsdag')
    await user.click(screen.getByRole('button', { name: 'Legg til notat' }))

    expect(await screen.findByText('Skriv et notat.')).toBeInTheDocument()
    expect(screen.getByLabelText('Nytt notat')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Nytt notat')).toHaveValue('Ringte, ny befaring torsdag')
    expect(onAdded).not.toHaveBeenCalled()
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/admin/leads/lead-1/notes', body: { body: 'Ringte, ny befaring torsdag' } })
  })
})

describe('InlineField', () => {
  it("puts the server's message under the field, keeps the refused value, and starts again from the stored one", async () => {
    const user = userEvent.setup()
    const refused = new ApiError(422, { error: 'Noen felt mangler eller er ugyldige.', fields: { email: 'Skriv en gyldig e-postadresse.' } })
    const onSave = vi.fn().mockRejectedValue(refused)
    renderWithProviders(<InlineField label="E-post" field="email" type="email" value="kari@firma.no" onSave={onSave} />)

    await user.click(screen.getByRole('button', { name: 'Rediger e-post' }))
    await user.clear(screen.getByLabelText('E-post'))
    await user.type(screen.getByLabelText('E-post'), 'kari@')
    await user.click(screen.getByRole('button', { name: 'Lagre' }))

    expect(await screen.findByText('Skriv en gyldig e-postadresse.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-post')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@')
    expect(onSave).toHaveBeenCalledWith('kari@')

    await user.click(screen.getByRole('button', { name: 'Avbryt' }))
    await user.click(screen.getByRole('button', { name: 'Rediger e-post' }))
    expect(screen.getByLabelText('E-post')).toHaveValue('kari@firma.no')
    expect(screen.queryByText('Skriv en gyldig e-postadresse.')).not.toBeInTheDocument()
  })
})
