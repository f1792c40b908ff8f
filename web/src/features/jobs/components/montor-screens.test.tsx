import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setRequestUser } from '@/lib/api'
import { CATALOGUES, type Language, LanguageProvider, translate } from '@/lib/i18n'
import { norwegianIn, screenText } from '@/lib/i18n/norwegian'
import { answerApi, renderWithProviders } from '@/test-render'
import type { WorkJob } from '../api/jobs'
import { addHeldNotice, clearHeldNotices, HeldNotices } from '../held-notices'
import { keep, OutboxList, useOutbox } from '../outbox'
import { QuickMaterial } from './quick-material'
import { QuickTime } from './quick-time'
import { WeekHours } from './week-hours'

// #75 point 6: a Polish or English montør's screens show no Norwegian but the job's own
// data (its title, its customer, its lines and change orders, the materials' names as they
// were written), the server's refusals included.

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
  clearHeldNotices()
  setRequestUser(null)
})

const job: WorkJob = {
  id: '01a22000-0000-7000-8000-00000000c0de',
  title: 'Bytte sikringsskap',
  customer_name: 'Per Hansen',
  customer_phone: '912 34 567',
  customer_address: 'Bergveien 2, 0150 Oslo',
  status: 'in_progress',
  start_day: null,
  end_day: null,
  lines: ['Trekke kabel til kjøkkenet'],
  changes: [
    { id: 'c1', label: 'Tilleggsarbeid 2026-0001: Ekstra stikkontakt', number: '2026-0001', title: 'Ekstra stikkontakt' },
    { id: 'c2', label: 'Tilleggsarbeid 2026-0002', number: '2026-0002', title: null },
  ],
  materials: [
    { id: 'm1', description: 'Puszka instalacyjna', quantity: 250, unit: 'stk', created_at: '2026-11-26T09:00:00Z', held: true, receipt: true },
    { id: 'm2', description: 'Koblingsboks', quantity: 100, unit: 'time', created_at: '2026-11-26T10:00:00Z', held: false, receipt: false },
  ],
}
/** The job's own words: the customer's and the office's, in whatever language they wrote. */
const DATA = [job.title, job.customer_name, job.customer_address ?? '', ...job.lines, 'Ekstra stikkontakt', 'Puszka instalacyjna', 'Koblingsboks', 'Kabel', 'Ole Montør', 'Fagfolk']

const entry = (id: string, minutes: number, extra: boolean) => ({
  id,
  job_id: job.id,
  user_id: 'u1',
  user_name: 'Ole Montør',
  day: '2026-11-23',
  minutes,
  line: null,
  note: '',
  extra,
  change_id: null,
  rate: 90000,
  held: extra,
  starts_at: 450,
  created_at: '2026-11-23T08:00:00Z',
  updated_at: '2026-11-23T08:00:00Z',
  job_title: job.title,
  customer_name: job.customer_name,
  customer_address: null,
})
const week = { from: '2026-11-23', to: '2026-11-29', user_id: 'u1', entries: [entry('a', 120, false), entry('b', 60, true)], days: [180, 0, 0, 0, 0, 0, 0], total_minutes: 180, jobs: [job] }

function Phone({ language }: { language: Language }) {
  const pending = useOutbox('u1')
  return (
    <LanguageProvider language={language}>
      <HeldNotices />
      <OutboxList pending={pending} />
      <QuickTime job={job} day="2026-11-23" dayLabel={translate(language, 'work.today')} owner="u1" />
      <QuickMaterial job={job} catalogue={[{ id: 's1', name: 'Kabel' }]} owner="u1" />
      <WeekHours day="2026-11-23" />
    </LanguageProvider>
  )
}

describe("the montør's screens in Polish and English", () => {
  for (const language of ['pl', 'en', 'nb'] as const) {
    it(`show ${language === 'nb' ? 'Norwegian, the check catching it,' : 'no Norwegian'} in ${language}: hours, materials (with those waiting), the week, the outbox and a refusal`, async () => {
      const user = userEvent.setup()
      const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(language, key, vars)
      answerApi(({ method }) => (method === 'GET' ? { status: 200, body: week } : { status: 409, body: { error: 'Oppdraget er ferdig. Timer og materiell kan ikke føres på det lenger.' } }))
      setRequestUser('u1')
      addHeldNotice({ id: 'h1', what: t('time.on', { hours: '2 h', job: job.title }) })
      await keep({ id: 'w1', owner: 'u1', when: '2026-11-26T11:00:00Z', what: t('material.on', { what: '3 Kabel', job: job.title }), kind: 'material', jobId: job.id, body: { id: 'w1', description: 'Kabel', quantity: 300, unit: 'lm', unit_price: 0, vat: 25 } })
      await keep({ id: 'r1', owner: 'u1', when: '2026-11-26T11:01:00Z', what: t('time.on', { hours: '1 h', job: job.title }), refused: 'Timene for oktober 2026 er låst: de kunne føres og endres til og med 30. november 2026 (bokføringsforskriften § 8-1-2).', kind: 'time', body: { job_id: job.id, day: '2026-10-02', minutes: 60 } })
      const { container } = renderWithProviders(<Phone language={language} />)

      // Every part open: the time's details, the material form's refusal of an empty name,
      // an entry being changed, and the server's refusal of an entry.
      await screen.findByText(CATALOGUES[language]['week.title'].split('{')[0] ?? '', { exact: false })
      await user.click(screen.getByText(t('time.details')))
      expect(screen.getByRole('option', { name: t('time.change', { number: '2026-0001', title: 'Ekstra stikkontakt' }) })).toBeInTheDocument()
      expect(screen.getByRole('option', { name: t('time.changeBare', { number: '2026-0002' }) })).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: t('material.save') }))
      expect(await screen.findByText(t('material.whatRequired'))).toBeInTheDocument()
      const mine = container.querySelector('[data-my-materials]') as HTMLElement
      expect(mine).toHaveTextContent(t('material.line', { quantity: language === 'en' ? '2.5' : '2,5', unit: t('unit.stk'), what: 'Puszka instalacyjna' }))
      expect(mine).toHaveTextContent(t('material.waiting'))
      expect(mine.querySelectorAll('li')).toHaveLength(3)
      const edit = CATALOGUES[language]['week.edit'].split('{')[0] ?? ''
      await user.click(screen.getAllByRole('button', { name: new RegExp(`^${edit}`) })[0] as HTMLElement)
      const editing = screen.getByRole('group', { name: new RegExp(`^${edit}`) })
      await user.click(within(editing).getByRole('button', { name: t('time.more') }))
      await user.click(within(editing).getByRole('button', { name: t('edit.save') }))
      await waitFor(() => expect(screen.getAllByText(t('server.jobClosed')).length).toBeGreaterThan(0))

      const text = screenText(container, DATA) + screenText(document.body, DATA)
      if (language === 'nb') expect(norwegianIn(text)).not.toBeNull()
      else expect(norwegianIn(text), text).toBeNull()
    })
  }
})
