// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { clockOf, formatDate, formatMonth, formatNumber, formatPriceFrom, monthBefore, norwegianClock, parseClock } from './format'

describe('format', () => {
  it('groups prices the Norwegian way', () => {
    expect(formatPriceFrom(25000)).toBe('Fra 25\u00a0000 kr')
    expect(formatPriceFrom(1620)).toBe('Fra 1\u00a0620 kr')
    expect(formatPriceFrom(149000)).toBe('Fra 149\u00a0000 kr')
  })

  it('writes numbers exactly as Intl.NumberFormat nb-NO does', () => {
    const intl = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 })
    for (const value of [0, 7, 999, 1000, 1620, 25000, 99999, 100000, 1234567, 2 ** 40, -1500, 1499.5]) {
      expect(formatNumber(value)).toBe(intl.format(value).replace(/\s/g, '\u00a0'))
    }
  })

  it('writes dates in Norwegian in Oslo time', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22. november 2026')
  })

  it("starts a form's clock at the time in Norway, whatever the browser's zone", () => {
    // 21:19 UTC on 27 November is 22:19 in Oslo (winter time), and 11:05 UTC in July 13:05.
    expect(norwegianClock(new Date('2026-11-27T21:19:00Z'))).toBe('22:19')
    expect(norwegianClock(new Date('2026-07-01T11:05:00Z'))).toBe('13:05')
    expect(norwegianClock(new Date('2026-11-27T23:30:00Z'))).toBe('00:30')
  })

  it('reads a time of day as the server does, and writes it back', () => {
    expect(parseClock('07:30')).toBe('07:30')
    expect(parseClock(' 7:30 ')).toBe('07:30')
    expect(parseClock('7.30')).toBe('07:30')
    expect(parseClock('0730')).toBe('07:30')
    expect(parseClock('19')).toBe('19:00')
    for (const bad of ['24:00', '7:60', '', 'kl 7', '7:3x', '-1:00', '123:00']) expect(parseClock(bad)).toBeNull()
    expect(clockOf(450)).toBe('07:30')
    expect(clockOf(1439)).toBe('23:59')
  })

  it('names a month and finds the one before it, over a new year', () => {
    expect(formatMonth('2026-11')).toBe('november 2026')
    expect(formatMonth('2027-01')).toBe('januar 2027')
    expect(monthBefore('2026-12')).toBe('2026-11')
    expect(monthBefore('2027-01')).toBe('2026-12')
  })
})
