import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerApi, renderWithProviders } from '@/test-render'
import type { Declaration } from '../api/declarations'
import { JobDeclaration } from './job-declaration'

afterEach(() => vi.unstubAllGlobals())

const draft: Declaration = {
  id: 'd-1',
  job_id: 'job-1',
  address: 'Storgata 1, 0155 Oslo',
  kind: 'new',
  description: 'Nytt sikringsskap med fire kurser',
  norms: 'NEK 400:2022',
  registration: '987654',
  risk: [{ text: 'Fuktig rom vurdert', done: false }],
  checks: [{ text: 'Isolasjonsmåling', done: true }],
  circuits: [{ number: '1', purpose: 'Stikkontakter bad', protection: 'C16', cable: 'PFSP 3G2,5', rcd: '30 mA type A' }],
  responsible_id: null,
  responsible_name: '',
  responsible_certificate: '',
  signed_at: null,
  created_at: '2026-11-28T08:00:00Z',
  created_by: 'Kari Kontor',
  updated_at: '2026-11-28T08:00:00Z',
}
const staff = [
  { id: 'u1', name: 'Ole Montør' },
  { id: 'u2', name: 'Eva Elinstallatør' },
]

/** The server: the draft and its photos on GET, `save` on PUT, `sign` on the signing. */
function server(save: { status: number; body?: unknown }, sign: { status: number; body?: unknown } = { status: 500 }) {
  return answerApi(({ method, path }) => {
    if (method === 'GET') return { status: 200, body: path.endsWith('/photos') ? [] : draft }
    return method === 'PUT' ? save : sign
  })
}

async function openDraft(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<JobDeclaration jobId="job-1" staff={staff} />)
  await user.click(await screen.findByText('Samsvarserklæring'))
  return screen.findByLabelText('Anleggsadresse')
}

describe('JobDeclaration', () => {
  it('saves the draft as filled in: the ticked points, a circuit added and the responsible person', async () => {
    const user = userEvent.setup()
    const sent = server({ status: 200, body: draft })
    await openDraft(user)
    await user.selectOptions(screen.getByLabelText('Arbeidet gjelder'), 'Utvidelse av eksisterende anlegg')
    await user.click(screen.getByLabelText('Fuktig rom vurdert'))
    await user.click(screen.getByRole('button', { name: 'Legg til kurs' }))
    await user.type(screen.getByLabelText('Formål (rad 2)'), 'Varmekabel')
    await user.type(screen.getByLabelText('Vern (rad 2)'), 'C10')
    await user.selectOptions(screen.getByLabelText('Faglig ansvarlig'), 'Eva Elinstallatør')
    await user.type(screen.getByLabelText('Den ansvarliges kvalifikasjon'), 'Autorisert elinstallatør, gruppe L')
    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }))
    expect(await screen.findByText('Utkastet er lagret')).toBeInTheDocument()
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/jobs/job-1/declaration',
        body: {
          address: 'Storgata 1, 0155 Oslo',
          kind: 'extension',
          description: 'Nytt sikringsskap med fire kurser',
          norms: 'NEK 400:2022',
          risk: [{ text: 'Fuktig rom vurdert', done: true }],
          checks: [{ text: 'Isolasjonsmåling', done: true }],
          circuits: [draft.circuits[0], { number: '2', purpose: 'Varmekabel', protection: 'C10', cable: '', rcd: '' }],
          responsible_id: 'u2',
          responsible_certificate: 'Autorisert elinstallatør, gruppe L',
        },
      },
    ])
  })

  it('saves, then signs, and says where the PDF was sent', async () => {
    const user = userEvent.setup()
    const signed = { ...draft, signed_at: '2026-11-28T12:00:00Z', emailed_to: 'per@example.no' }
    const sent = server({ status: 200, body: draft }, { status: 200, body: signed })
    await openDraft(user)
    await user.click(screen.getByRole('button', { name: 'Signer erklæringen' }))
    expect(await screen.findByText('Sendt til per@example.no som PDF.')).toBeInTheDocument()
    expect(sent.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/admin/jobs/job-1/declaration',
      'POST /api/admin/jobs/job-1/declaration/sign',
    ])
  })

  it("puts what the server says is missing under each field and list, keeps what was typed, and starts clean on the next try", async () => {
    const user = userEvent.setup()
    const sent = server(
      { status: 200, body: draft },
      {
        status: 422,
        body: {
          error: 'Noen felt mangler eller er ugyldige.',
          fields: { responsible_id: 'Velg den faglig ansvarlige.', risk: 'Kryss av for hvert punkt i risikovurderingen.' },
        },
      },
    )
    const address = await openDraft(user)
    await user.clear(address)
    await user.type(address, 'Kirkeveien 5, 0368 Oslo')
    await user.click(screen.getByRole('button', { name: 'Signer erklæringen' }))
    expect(await screen.findByText('Velg den faglig ansvarlige.')).toBeInTheDocument()
    expect(screen.getByLabelText('Faglig ansvarlig')).toHaveAccessibleDescription(/Velg den faglig ansvarlige\.$/)
    expect(screen.getByRole('group', { name: 'Risikovurdering (§ 16)' })).toHaveAccessibleDescription('Kryss av for hvert punkt i risikovurderingen.')
    expect(screen.getByLabelText('Anleggsadresse')).toHaveValue('Kirkeveien 5, 0368 Oslo')
    expect(screen.getByRole('alert')).toHaveTextContent('Kan ikke signere ennå')

    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }))
    await vi.waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(2))
    expect(screen.queryByText('Kryss av for hvert punkt i risikovurderingen.')).not.toBeInTheDocument()
    expect(sent.at(-1)?.body).toMatchObject({ address: 'Kirkeveien 5, 0368 Oslo' })
  })

  it("says a circuit's, a check item's and the firm's registration's message where they are read", async () => {
    const user = userEvent.setup()
    const registration = 'Firmaets registreringsnummer i Elvirksomhetsregisteret mangler (Innstillinger → Samsvarserklæring).'
    server({
      status: 422,
      body: {
        error: 'Noen felt mangler eller er ugyldige.',
        fields: { 'circuits.0.cable': 'Kan ikke være lengre enn 60 tegn.', 'checks.0.text': 'Kan ikke være lengre enn 300 tegn.', registration },
      },
    })
    await openDraft(user)
    await user.click(screen.getByRole('button', { name: 'Signer erklæringen' }))
    expect(await screen.findByText(registration)).toBeInTheDocument()
    expect(screen.getByLabelText('Kabel (rad 1)')).toHaveAccessibleDescription('Kan ikke være lengre enn 60 tegn.')
    expect(screen.getByRole('group', { name: 'Sluttkontroll' })).toHaveAccessibleDescription('Kan ikke være lengre enn 300 tegn.')
  })
})
