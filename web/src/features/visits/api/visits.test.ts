// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { filterParams } from '@/lib/url-filter'
import { visitWeek } from './visits'

describe('visitWeek', () => {
  it('writes the week and the filter as the page has always linked them, and refuses a day it cannot read', () => {
    expect(filterParams(visitWeek, { day: '2026-12-07', mine: true }).toString()).toBe('uke=2026-12-07&hvem=mine')
    expect(filterParams(visitWeek, { day: '', mine: false }).toString()).toBe('')
    expect(visitWeek.read(new URLSearchParams('uke=7.12.2026&hvem=alle'))).toEqual({ day: '', mine: false })
  })
})
