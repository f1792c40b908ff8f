import { formatDay } from '@/lib/format'
import { kroner, lineAmounts, quantityField, totals } from '@/lib/money'
import { PRICE_TYPES, UNITS } from '../words'
import type { PriceType, Unit } from '../api/quotes'

export type PreviewLine = { description: string; quantity: number; unit: Unit; unit_price: number; vat: number }

/** What the customer will see, drawn from the editor's fields as they are typed: a
 * consumer sees prices including MVA, a business without, with the rate. `title` is
 * "Tilbud", or "Tilbud på tilleggsarbeid" for a change order. */
export function QuotePreview({
  title = 'Tilbud',
  number,
  firm,
  customer,
  consumer,
  priceType,
  intro,
  terms,
  lines,
  validUntil,
}: {
  title?: string
  number: string
  firm: string
  customer: string
  consumer: boolean
  priceType: PriceType
  intro: string
  terms: string
  lines: PreviewLine[]
  validUntil: string
}) {
  const sum = totals(lines)
  return (
    <article aria-label="Forhåndsvisning" className="rounded-xl border border-border bg-background p-5 text-sm shadow-sm">
      <p className="font-bold">{firm}</p>
      <h2 className="mt-3 text-xl font-bold">
        {title} {number}
      </h2>
      <p className="text-muted-foreground">Til {customer || 'kunden'} · gyldig til {/^\d{4}-\d{2}-\d{2}$/.test(validUntil) ? formatDay(validUntil) : validUntil}</p>
      {intro && <p className="mt-3 whitespace-pre-line">{intro}</p>}
      <ul className="mt-3 divide-y divide-border">
        {lines.map((line, index) => {
          const amounts = lineAmounts(line.quantity, line.unit_price, line.vat)
          const unitPrice = consumer ? lineAmounts(100, line.unit_price, line.vat).gross : line.unit_price
          return (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                {line.description || <em className="text-muted-foreground">Uten tekst</em>}
                <span className="block text-xs text-muted-foreground">
                  {quantityField(line.quantity)} {UNITS[line.unit]} × {kroner(unitPrice)}
                  {!consumer && ` · MVA ${line.vat} %`}
                </span>
              </span>
              <span className="shrink-0 tabular-nums">{kroner(consumer ? amounts.gross : amounts.net)}</span>
            </li>
          )
        })}
      </ul>
      <dl className="mt-2 grid gap-1 border-t border-border pt-2 tabular-nums">
        <div className="flex justify-between"><dt>Sum eks. MVA</dt><dd>{kroner(sum.net)}</dd></div>
        <div className="flex justify-between"><dt>MVA</dt><dd>{kroner(sum.vat)}</dd></div>
        <div className="flex justify-between text-base font-bold"><dt>Totalt inkl. MVA</dt><dd data-preview-total>{kroner(sum.gross)}</dd></div>
      </dl>
      <p className="mt-3 font-semibold">{PRICE_TYPES[priceType].name}</p>
      <p className="text-muted-foreground">{PRICE_TYPES[priceType].hint}</p>
      {terms && <p className="mt-2 whitespace-pre-line">{terms}</p>}
      {consumer && <p className="mt-2 text-muted-foreground">Med angrerettskjema når avtalen inngås utenfor forretningsstedet.</p>}
    </article>
  )
}
