import { act, render } from '@testing-library/react'
import { BrowserRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { filterParams, type UrlFilter, useUrlFilter } from './url-filter'

type Filter = { status: string; page: number; mine: boolean }
const filter: UrlFilter<Filter> = {
  read: (params) => ({ status: params.get('status') ?? '', page: Number(params.get('page')) || 1, mine: params.get('mine') === 'true' }),
  write: (f) => ({ status: f.status, page: f.page > 1 ? f.page : undefined, mine: f.mine }),
}

describe('a list’s filter in the address', () => {
  it('writes nothing for an empty, false or absent value', () => {
    expect(filterParams(filter, { status: '', page: 1, mine: false }).toString()).toBe('')
    expect(filterParams(filter, { status: 'Ny', page: 2, mine: true }).toString()).toBe('status=Ny&page=2&mine=true')
  })

  it('changes only its own parameters: a lead open beside the list stays open', () => {
    let set: (next: (f: Filter) => Filter) => void = () => {}
    let address = ''
    function Probe() {
      const [, setFilter] = useUrlFilter(filter)
      set = setFilter
      address = useLocation().search
      return null
    }
    window.history.replaceState(null, '', '/admin/leads?status=Ny&page=2&lead=abc')
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    )
    act(() => set((f) => ({ ...f, status: '', mine: true, page: 1 })))
    expect(Object.fromEntries(new URLSearchParams(address))).toEqual({ lead: 'abc', mine: 'true' })
  })

  it('keeps what the address got after the setter was made: a lead opened while a search waited', () => {
    let set: (next: (f: Filter) => Filter) => void = () => {}
    function Probe() {
      set = useUrlFilter(filter)[1]
      return null
    }
    window.history.replaceState(null, '', '/admin/leads?status=Ny')
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    )
    const waiting = set
    // Opened outside React's render, as a click's navigation is before its render.
    window.history.pushState(null, '', '/admin/leads?status=Ny&lead=abc')
    act(() => waiting((f) => ({ ...f, mine: true })))
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ status: 'Ny', lead: 'abc', mine: 'true' })
  })
})
