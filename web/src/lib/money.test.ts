// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { CATALOGUE_VAT, kroner, lineAmounts, netOfGross, parseKroner, parseQuantity, totals } from './money'

// The same cases as the server's (crates/data/src/money.rs): the preview and the
// quote the customer gets must agree to the øre.
describe('quote amounts', () => {
  it('rounds a half øre away from zero, per line', () => {
    expect(lineAmounts(50, 1, 0).net).toBe(1)
    expect(lineAmounts(140, 1, 0).net).toBe(1)
    expect(lineAmounts(50, -1, 0).net).toBe(-1)
    expect(lineAmounts(100, 2, 25)).toEqual({ net: 2, vat: 1, gross: 3 })
    expect(lineAmounts(250, 123_450, 25)).toEqual({ net: 308_625, vat: 77_156, gross: 385_781 })
  })

  it('sums the rounded lines', () => {
    expect(totals([])).toEqual({ net: 0, vat: 0, gross: 0 })
    expect(totals([{ quantity: 100, unit_price: 1, vat: 25 }, { quantity: 100, unit_price: 1, vat: 25 }])).toEqual({ net: 2, vat: 0, gross: 2 })
    expect(totals([{ quantity: 300, unit_price: 10_000, vat: 0 }])).toEqual({ net: 30_000, vat: 0, gross: 30_000 })
  })

  it('reads and writes Norwegian kroner and quantities', () => {
    expect(kroner(123_450)).toBe('1\u00a0234,50\u00a0kr')
    expect(parseKroner('1 234,50')).toBe(123_450)
    expect(parseKroner('1234.5')).toBe(123_450)
    expect(parseKroner('12,345')).toBeNull()
    expect(parseKroner('tolv')).toBeNull()
    expect(parseQuantity('2,5')).toBe(250)
    expect(parseQuantity('-1')).toBeNull()
  })

  it('prices a catalogue line so that its total including MVA is the advertised price', () => {
    // "Nytt sikringsskap, fra 18 900 kr inkl. mva": 15 120 kr eks. MVA, 3 780 kr MVA.
    expect(netOfGross(1_890_000, CATALOGUE_VAT)).toBe(1_512_000)
    expect(lineAmounts(100, netOfGross(1_890_000, CATALOGUE_VAT), CATALOGUE_VAT)).toEqual({ net: 1_512_000, vat: 378_000, gross: 1_890_000 })
    // Every whole-krone price up to 100 000 kr comes back to the krone.
    for (let price = 0; price <= 100_000; price += 7) {
      expect(lineAmounts(100, netOfGross(price * 100, CATALOGUE_VAT), CATALOGUE_VAT).gross).toBe(price * 100)
    }
    // Another rate rounds to the nearest øre: 1 000 kr at 15 % is 869,565... kr.
    expect(netOfGross(100_000, 15)).toBe(86_957)
  })
})
