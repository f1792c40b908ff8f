import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { CalloutForm } from './callout-form'

afterEach(() => vi.unstubAllGlobals())

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function renderForm(onDone: () => void) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/admin/leads/lead-1']}>
      <CalloutForm leadId="lead-1" onDone={onDone} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('CalloutForm', () => {
  it("sends what the job is and the hourly rate in øre, then opens the new job's page", async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const sent = answerApi(() => ({ status: 201, body: { id: 'job-9' } }))
    renderForm(onDone)
    await user.type(screen.getByLabelText('Hva gjelder oppdraget'), 'Lekkasje under kjøkkenvasken')
    await user.type(screen.getByLabelText('Timepris (kr uten MVA)'), '950,50')
    await user.click(screen.getByRole('button', { name: 'Lag oppdraget' }))
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/oppdrag/job-9'))
    expect(sent).toEqual([
      { method: 'POST', path: '/api/admin/leads/lead-1/jobs', body: { title: 'Lekkasje under kjøkkenvasken', hourly_rate: 95050 } },
    ])
    expect(onDone).toHaveBeenCalledOnce()
  })

  it('says under each field what is missing or unreadable, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent = answerApi(() => ({ status: 201, body: { id: 'job-9' } }))
    renderForm(() => {})
    await user.type(screen.getByLabelText('Hva gjelder oppdraget'), '   ')
    await user.type(screen.getByLabelText('Timepris (kr uten MVA)'), 'ca. 900')
    await user.click(screen.getByRole('button', { name: 'Lag oppdraget' }))
    expect(await screen.findByText('Skriv hva oppdraget gjelder.')).toBeInTheDocument()
    expect(screen.getByLabelText('Hva gjelder oppdraget')).toHaveAccessibleDescription('Skriv hva oppdraget gjelder.')
    expect(screen.getByLabelText('Timepris (kr uten MVA)')).toHaveAccessibleDescription(
      'Skriv timeprisen som et beløp, for eksempel 950 eller 950,50.',
    )
    expect(sent).toHaveLength(0)
  })

  it("puts the server's message under the rate, keeps what was typed and stays on the lead", async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { hourly_rate: 'Timeprisen må være mellom 0 og 100 millioner kroner.' } },
    }))
    renderForm(onDone)
    await user.type(screen.getByLabelText('Hva gjelder oppdraget'), 'Bytte varmtvannsbereder')
    await user.type(screen.getByLabelText('Timepris (kr uten MVA)'), '200000000')
    await user.click(screen.getByRole('button', { name: 'Lag oppdraget' }))
    expect(await screen.findByText('Timeprisen må være mellom 0 og 100 millioner kroner.')).toBeInTheDocument()
    expect(screen.getByLabelText('Timepris (kr uten MVA)')).toHaveAccessibleDescription('Timeprisen må være mellom 0 og 100 millioner kroner.')
    expect(screen.getByLabelText('Timepris (kr uten MVA)')).toHaveValue('200000000')
    expect(screen.getByLabelText('Hva gjelder oppdraget')).toHaveValue('Bytte varmtvannsbereder')
    expect(screen.getByRole('alert')).toHaveTextContent('Kunne ikke lage oppdraget')
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/leads/lead-1')
    expect(onDone).not.toHaveBeenCalled()
  })
})
