// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { exportHref, type LeadFilter } from './list-leads'

const all: LeadFilter = { q: '', status: '', source: '', page: 1, sort: '-created', mine: false, followUp: '' }

describe('exportHref', () => {
  it('exports every lead when nothing is filtered', () => {
    expect(exportHref(all)).toBe('/api/admin/leads/export')
  })

  it('asks for what the list shows, on every page and without the page', () => {
    const href = exportHref({ ...all, q: 'Ås bad', status: 'Ny', mine: true, followUp: 'due', sort: 'name', page: 3, kind: 'open', days: 7 })
    const [path, text] = href.split('?')
    expect(path).toBe('/api/admin/leads/export')
    expect(Object.fromEntries(new URLSearchParams(text))).toEqual({
      q: 'Ås bad',
      status: 'Ny',
      sort: 'name',
      mine: 'true',
      follow_up: 'due',
      kind: 'open',
      days: '7',
    })
  })
})
