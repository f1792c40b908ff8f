import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { PipelineEditor } from './pipeline-editor'

afterEach(() => vi.unstubAllGlobals())

const settings = (statuses: { name: string; kind?: string }[]) => ({ lead_pipeline: statuses })
const stages = (...names: string[]) => names.map((name) => ({ name, kind: name === 'Vunnet' ? ('won' as const) : ('open' as const) }))

describe('PipelineEditor', () => {
  it('sends renames with their old name, new statuses without one, in the order shown', async () => {
    const user = userEvent.setup()
    const sent = answerApi(({ body }) => ({ status: 200, body: settings((body as { statuses: { name: string }[] }).statuses) }))
    renderWithProviders(<PipelineEditor pipeline={stages('Ny', 'Kontaktet', 'Vunnet')} />)

    const second = screen.getByLabelText('Status 2')
    await user.clear(second)
    await user.type(second, 'Ringt opp')
    await user.type(screen.getByLabelText('Ny status'), 'Venter{Enter}')
    await user.click(screen.getByRole('button', { name: 'Flytt Venter opp' }))
    await user.click(screen.getByRole('button', { name: 'Fjern Ny' }))
    await user.selectOptions(screen.getByLabelText('Betydning av status 1'), 'Tapt')
    await user.click(screen.getByRole('button', { name: 'Lagre pipeline' }))

    expect(await screen.findByText('Pipeline lagret')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/admin/settings/pipeline' })
    expect(sent[0]?.body).toEqual({
      statuses: [
        { name: 'Ringt opp', previous: 'Kontaktet', kind: 'lost' },
        { name: 'Venter', previous: null, kind: 'open' },
        { name: 'Vunnet', previous: 'Vunnet', kind: 'won' },
      ],
    })
  })

  it('shows the server\'s reason when a status still has leads, and keeps the edits', async () => {
    const user = userEvent.setup()
    answerApi(() => ({ status: 422, body: { error: 'Statusen «Ny» har leads og kan ikke fjernes.' } }))
    renderWithProviders(<PipelineEditor pipeline={stages('Ny', 'Vunnet')} />)
    await user.click(screen.getByRole('button', { name: 'Fjern Ny' }))
    await user.click(screen.getByRole('button', { name: 'Lagre pipeline' }))
    expect(await screen.findByText('Statusen «Ny» har leads og kan ikke fjernes.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Status 2')).toBeNull()
    expect(screen.getByLabelText('Status 1')).toHaveValue('Vunnet')
  })

  it("puts the server's message under the list and keeps the typed names", async () => {
    const user = userEvent.setup()
    answerApi(() => ({
      status: 422,
      body: { error: 'Noen felt mangler eller er ugyldige.', fields: { statuses: 'Statusen «Vunnet» står to ganger.' } },
    }))
    renderWithProviders(<PipelineEditor pipeline={stages('Ny', 'Vunnet')} />)
    await user.clear(screen.getByLabelText('Status 1'))
    await user.type(screen.getByLabelText('Status 1'), 'Vunnet')
    expect(screen.getAllByRole('button', { name: 'Fjern Vunnet' })).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Lagre pipeline' }))

    const message = await screen.findByText('Statusen «Vunnet» står to ganger.', { selector: '#pipeline-feil' })
    expect(screen.getByRole('list', { name: 'Statuser i pipelinen' })).toHaveAttribute('aria-describedby', message.id)
    expect(screen.getByLabelText('Status 1')).toHaveValue('Vunnet')
    expect(screen.getByLabelText('Status 2')).toHaveValue('Vunnet')
  })
})
