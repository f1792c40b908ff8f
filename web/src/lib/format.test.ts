import { describe, expect, it } from 'vitest'
import { formatDate, formatPriceFrom } from './format'

describe('format', () => {
  it('groups prices the Norwegian way', () => {
    expect(formatPriceFrom(25000)).toBe('Fra 25\u00a0000 kr')
    expect(formatPriceFrom(1620)).toBe('Fra 1\u00a0620 kr')
    expect(formatPriceFrom(149000)).toBe('Fra 149\u00a0000 kr')
  })

  it('writes dates in Norwegian in Oslo time', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22. november 2026')
  })
})
