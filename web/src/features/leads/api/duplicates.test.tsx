import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import { useMergeLeads } from './duplicates'
import { useLead } from './leads'

const kept = '01a21890-0000-7000-8000-000000000001'
const merged = '01a21890-0000-7000-8000-000000000002'

afterEach(() => vi.unstubAllGlobals())

/** The lead dialog in the moment after a merge: it still shows the merged lead, beside
 * the kept one, until it switches over. */
function DialogBeforeItSwitches() {
  const shown = useLead(merged)
  const other = useLead(kept)
  const merge = useMergeLeads()
  return (
    <div>
      <p>{shown.data?.name}</p>
      <p>{other.data?.name}</p>
      <p>{merge.isSuccess ? 'Slått sammen' : ''}</p>
      <button type="button" onClick={() => merge.mutate({ into: kept, from: merged, email: 'kept', phone: 'kept' })}>
        Slå sammen
      </button>
    </div>
  )
}

// On a busy machine the dialog rendered once more with the merged lead after the merge,
// and asked the server for it: a 404 (web/e2e/admin-lead-work.spec.ts caught it).
test('a merged lead still on screen is not asked for again; the kept one is', async () => {
  const sent = answerApi(({ method, path }) => {
    if (method === 'POST') return { status: 200, body: { id: kept, name: 'Kari Nordmann' } }
    if (path.endsWith(kept)) return { status: 200, body: { id: kept, name: 'Kari Nordmann' } }
    const first = sent.filter((call) => call.path.endsWith(merged)).length === 1
    return first ? { status: 200, body: { id: merged, name: 'Kari N.' } } : { status: 404, body: { error: 'Fant ikke lead-en.' } }
  })
  renderWithProviders(<DialogBeforeItSwitches />)
  await screen.findByText('Kari N.')
  await userEvent.setup().click(screen.getByRole('button', { name: 'Slå sammen' }))
  await screen.findByText('Slått sammen')
  // The kept lead is fetched again once the merge is done; by then the dialog has rendered.
  await waitFor(() => expect(sent.filter((call) => call.method === 'GET' && call.path.endsWith(kept))).toHaveLength(2))
  expect(sent.filter((call) => call.path.endsWith(merged)).map((call) => call.method)).toEqual(['GET'])
  expect(screen.getByText('Kari N.')).toBeInTheDocument()
})
