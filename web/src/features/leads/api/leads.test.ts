// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { filterParams } from '@/lib/url-filter'
import { exportHref, type LeadFilter, leadFilter } from './leads'

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

describe('leadFilter', () => {
  const read = (text: string) => leadFilter.read(new URLSearchParams(text))

  it('reads back every filter it writes in the address', () => {
    const filter: LeadFilter = { q: 'Ås bad', status: 'Ny', source: 'Web', page: 3, sort: 'name', mine: true, followUp: 'due', kind: 'open', days: 7 }
    expect(read(filterParams(leadFilter, filter).toString())).toEqual(filter)
  })

  it('leaves what it does not know at the list’s default, and writes the default as nothing', () => {
    const filter = read('sort=price&follow_up=soon&kind=maybe&days=0&page=-2&mine=yes')
    expect(filter).toEqual(read(''))
    expect(filterParams(leadFilter, filter).toString()).toBe('')
  })
})
