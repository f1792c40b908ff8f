// Amounts of a quote in øre, by the server's rule (crates/data/src/money.rs):
// a line is quantity × unit price rounded to the nearest øre, its MVA that × the rate
// rounded to the nearest øre, halves away from zero; the sums are the sums of the lines.
// The editor's preview uses these; what the customer gets is computed by the server.

/** `numerator / denominator` rounded to the nearest integer, halves away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  if (twice >= denominator) return quotient + (numerator < 0n ? -1n : 1n)
  return quotient
}

export type Amounts = { net: number; vat: number; gross: number }

/** A line of `quantity` hundredths at `unitPrice` øre with `vat` percent MVA. */
export function lineAmounts(quantity: number, unitPrice: number, vat: number): Amounts {
  const net = divideRounded(BigInt(quantity) * BigInt(unitPrice), 100n)
  const tax = divideRounded(net * BigInt(vat), 100n)
  return { net: Number(net), vat: Number(tax), gross: Number(net + tax) }
}

/** The catalogue's MVA rate: a service's "Pris fra" is advertised including it. */
export const CATALOGUE_VAT = 25

/**
 * The unit price excluding MVA of a price of `gross` øre including `vat` percent MVA,
 * rounded to the nearest øre (halves away from zero). The public site advertises a
 * service "Fra 18 900 kr inkl. mva"; its line in a quote gets 15 120,00 kr eks. MVA, so
 * the line's total including MVA is the advertised price (at 25 % every whole krone
 * divides exactly: 80 øre of each krone, and 20 øre of MVA).
 */
export function netOfGross(gross: number, vat: number): number {
  return Number(divideRounded(BigInt(gross) * 100n, BigInt(100 + vat)))
}

export function totals(lines: { quantity: number; unit_price: number; vat: number }[]): Amounts {
  return lines.reduce(
    (sum, line) => {
      const amounts = lineAmounts(line.quantity, line.unit_price, line.vat)
      return { net: sum.net + amounts.net, vat: sum.vat + amounts.vat, gross: sum.gross + amounts.gross }
    },
    { net: 0, vat: 0, gross: 0 },
  )
}

/** `123450` øre as `1 234,50 kr`. */
export function kroner(ore: number): string {
  const sign = ore < 0 ? '-' : ''
  const abs = Math.abs(ore)
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}\u00a0kr`
}

/** Typed Norwegian money, `1 234,50` or `1234.5`, as øre; `null` when it is not a number. */
export function parseKroner(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]|kr/g, '').replace(',', '.')
  if (!/^-?\d+(\.\d{0,2})?$/.test(cleaned)) return null
  const [whole = '0', part = ''] = cleaned.replace('-', '').split('.')
  const ore = Number(whole) * 100 + Number(part.padEnd(2, '0'))
  return cleaned.startsWith('-') ? -ore : ore
}

/** A typed quantity, `2,5`, as hundredths; `null` when it is not one. */
export function parseQuantity(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.')
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null
  const [whole = '0', part = ''] = cleaned.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

/** Øre as the editor's field shows them: `1234,50`. */
export function kronerField(ore: number): string {
  const sign = ore < 0 ? '-' : ''
  const abs = Math.abs(ore)
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

/** Hundredths as the editor's field shows them: `2,5`. */
export function quantityField(hundredths: number): string {
  const whole = Math.floor(hundredths / 100)
  const part = hundredths % 100
  if (part === 0) return String(whole)
  return part % 10 === 0 ? `${whole},${part / 10}` : `${whole},${String(part).padStart(2, '0')}`
}
