import type { CustomerKind, PriceType, Quote, QuoteInput, Unit } from './api/quotes'
import { kronerField, parseKroner, parseQuantity, quantityField } from '@/lib/money'
import type { PreviewLine } from './components/quote-preview'

/* A quote as its editor holds it: amounts and quantities as typed (Norwegian decimal
   commas, in kroner), read into øre and thousandths for the server and the preview. */

export type LineValues = { service_id: string | null; description: string; quantity: string; unit: Unit; unit_price: string; vat: string }
export type DraftValues = {
  customer_name: string
  customer_company: string
  customer_email: string
  customer_phone: string
  customer_address: string
  customer_kind: CustomerKind
  org_nr: string
  angrerett: boolean
  price_type: PriceType
  reservation: boolean
  intro: string
  terms: string
  valid_until: string
  lines: LineValues[]
}

export function valuesOf(quote: Quote): DraftValues {
  return {
    customer_name: quote.customer_name,
    customer_company: quote.customer_company ?? '',
    customer_email: quote.customer_email ?? '',
    customer_phone: quote.customer_phone ?? '',
    customer_address: quote.customer_address ?? '',
    customer_kind: quote.customer_kind,
    org_nr: quote.org_nr ?? '',
    angrerett: quote.angrerett,
    price_type: quote.price_type,
    reservation: quote.reservation,
    intro: quote.intro,
    terms: quote.terms,
    valid_until: quote.valid_until,
    lines: quote.lines.map((line) => ({
      service_id: line.service_id ?? null,
      description: line.description,
      quantity: quantityField(line.quantity),
      unit: line.unit,
      unit_price: kronerField(line.unit_price),
      vat: String(line.vat),
    })),
  }
}

/** The lines as the server takes them, or the first line's field that cannot be read. */
export function linesOf(lines: LineValues[]): { lines: PreviewLine[] & QuoteInput['lines']; bad: { index: number; field: 'quantity' | 'unit_price' } | null } {
  const read = lines.map((line) => ({
    service_id: line.service_id,
    description: line.description,
    quantity: parseQuantity(line.quantity),
    unit: line.unit,
    unit_price: parseKroner(line.unit_price),
    vat: Number(line.vat),
  }))
  const badQuantity = read.findIndex((line) => line.quantity === null)
  const badPrice = read.findIndex((line) => line.unit_price === null)
  const bad = badQuantity >= 0 ? { index: badQuantity, field: 'quantity' as const } : badPrice >= 0 ? { index: badPrice, field: 'unit_price' as const } : null
  return { lines: read.map((line) => ({ ...line, quantity: line.quantity ?? 0, unit_price: line.unit_price ?? 0 })), bad }
}

/** Who the quote is to: a business's company with its contact person, or the name (as the
 * server's `Quote::addressee`). */
export function addressee(name: string, company: string | null | undefined): string {
  if (!company) return name
  return name ? `${company}, v/ ${name}` : company
}
