// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { filterParams } from '@/lib/url-filter'
import { quoteFilter } from './quotes'

describe('quoteFilter', () => {
  it('reads back the filter it writes, and refuses a state it does not know', () => {
    const filter = { status: 'sent' as const, expiring: true, owner: 'u1' }
    expect(quoteFilter.read(filterParams(quoteFilter, filter))).toEqual(filter)
    expect(quoteFilter.read(new URLSearchParams('status=lost&expiring=yes'))).toEqual({ status: undefined, expiring: undefined, owner: undefined })
  })
})
