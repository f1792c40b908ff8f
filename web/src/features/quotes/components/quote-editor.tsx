import { Plus, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FieldError, Input, Select, Textarea } from '@/components/ui/input'
import { formatDateTime } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { type CustomerKind, type PriceType, type Quote, type QuoteInput, type Unit, useSaveQuote } from '../api/quotes'
import { CATALOGUE_VAT, kroner, kronerField, netOfGross, parseKroner, parseQuantity, quantityField } from '../money'
import { CUSTOMER_KINDS, PRICE_TYPES, UNITS, VAT_RATES } from '../words'
import { type PreviewLine, QuotePreview } from './quote-preview'

/** A service of the firm's catalogue, to pick a line from ("Pris fra" in whole kroner, including MVA as the public site says). */
export type CatalogueItem = { id: string; name: string; price_from: number | null }

type LineValues = { service_id: string | null; description: string; quantity: string; unit: Unit; unit_price: string; vat: string }
type Values = {
  customer_name: string
  customer_company: string
  customer_email: string
  customer_phone: string
  customer_address: string
  customer_kind: CustomerKind
  org_nr: string
  angrerett: boolean
  price_type: PriceType
  intro: string
  terms: string
  valid_until: string
  lines: LineValues[]
}

function valuesOf(quote: Quote): Values {
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
function linesOf(lines: LineValues[]): { lines: PreviewLine[] & QuoteInput['lines']; bad: { index: number; field: 'quantity' | 'unit_price' } | null } {
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

/** How long typing may pause before the draft is saved. */
const SAVE_AFTER_MS = 700

/**
 * The quote editor: the customer, the price type, the lines (from the catalogue with its
 * "Pris fra", or written freely), the texts and the valid-until day, saved as one types,
 * beside a preview of what the customer will see. Amounts are typed in kroner and kept
 * in øre (`../money.ts`).
 */
export function QuoteEditor({ quote, firm, catalogue }: { quote: Quote; firm: string; catalogue: CatalogueItem[] }) {
  const form = useForm<Values>({ defaultValues: valuesOf(quote) })
  const { register, control, formState, setError, clearErrors } = form
  const lines = useFieldArray({ control, name: 'lines' })
  const values = useWatch({ control }) as Values
  const save = useSaveQuote(quote.id)
  const serverErrors = useServerErrors(form)
  const [saved, setSaved] = useState<{ at: Date } | { error: string } | null>(null)
  const first = useRef(true)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const timer = window.setTimeout(async () => {
      const read = linesOf(values.lines ?? [])
      clearErrors()
      if (read.bad) {
        const message = read.bad.field === 'quantity' ? 'Skriv et antall, for eksempel 2,5.' : 'Skriv en pris i kroner, for eksempel 1 250,50.'
        setError(`lines.${read.bad.index}.${read.bad.field}`, { type: 'manual', message })
        setSaved({ error: 'Ikke lagret: rett feltet som er merket.' })
        return
      }
      try {
        await save.mutateAsync({ ...values, lines: read.lines })
        setSaved({ at: new Date() })
      } catch (error) {
        serverErrors(error)
        setSaved({ error: `Ikke lagret: ${error instanceof Error ? error.message : 'prøv igjen.'}` })
      }
    }, SAVE_AFTER_MS)
    return () => window.clearTimeout(timer)
    // Saves when what is typed changes; the helpers are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(values)])

  const error = (name: string) => (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message
  const lineError = (index: number, field: keyof LineValues) => formState.errors.lines?.[index]?.[field]?.message
  const consumer = values.customer_kind === 'private'
  const [picked, setPicked] = useState('')

  function addFromCatalogue(id: string) {
    const item = catalogue.find((service) => service.id === id)
    if (!item) return
    const unitPrice = netOfGross((item.price_from ?? 0) * 100, CATALOGUE_VAT)
    lines.append({ service_id: item.id, description: item.name, quantity: '1', unit: 'stk', unit_price: kronerField(unitPrice), vat: String(CATALOGUE_VAT) })
    setPicked('')
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
      <form className="grid gap-5" noValidate onSubmit={(event) => event.preventDefault()} aria-label="Tilbudet">
        <p role="status" className="text-sm text-muted-foreground" data-save-state>
          {save.isPending ? 'Lagrer...' : saved && 'at' in saved ? `Utkastet er lagret ${formatDateTime(saved.at)}.` : saved ? <span className="text-destructive">{saved.error}</span> : 'Utkastet lagres mens du skriver.'}
        </p>
        <fieldset className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Kunde</legend>
          <div className="sm:col-span-2 flex flex-wrap gap-4">
            {(Object.keys(CUSTOMER_KINDS) as CustomerKind[]).map((kind) => (
              <label key={kind} className="flex items-center gap-2">
                <input type="radio" value={kind} className="size-4 accent-primary" {...register('customer_kind')} />
                {CUSTOMER_KINDS[kind]}
              </label>
            ))}
          </div>
          {!consumer && (
            <FormField className="sm:col-span-2" id="q-company" label="Firma" error={error('customer_company')}>
              {(control) => <Input autoComplete="off" {...register('customer_company')} {...control} />}
            </FormField>
          )}
          <FormField id="q-name" label={consumer ? 'Navn' : 'Kontaktperson'} error={error('customer_name')}>
            {(control) => <Input autoComplete="off" {...register('customer_name')} {...control} />}
          </FormField>
          {!consumer && (
            <FormField id="q-orgnr" label="Org.nr.">
              {(control) => <Input {...register('org_nr')} {...control} />}
            </FormField>
          )}
          <FormField id="q-email" label="E-post" error={error('customer_email')}>
            {(control) => <Input type="email" {...register('customer_email')} {...control} />}
          </FormField>
          <FormField id="q-phone" label="Telefon">
            {(control) => <Input type="tel" {...register('customer_phone')} {...control} />}
          </FormField>
          <FormField className="sm:col-span-2" id="q-address" label="Adresse">
            {(control) => <Input {...register('customer_address')} {...control} />}
          </FormField>
          {consumer && (
            <label className="flex items-start gap-2 sm:col-span-2">
              <input type="checkbox" className="mt-1 size-4 accent-primary" {...register('angrerett')} />
              <span>
                Avtalen inngås utenfor forretningsstedet eller på avstand (angrerett i 14 dager)
                <span className="block text-sm text-muted-foreground">Da får kunden angrerettsinformasjonen og angreskjemaet. Gjelder ikke hastereparasjoner kunden har bedt om.</span>
              </span>
            </label>
          )}
        </fieldset>
        <fieldset className="grid gap-2 rounded-xl border border-border p-4">
          <legend className="px-1 text-sm font-semibold">Pristype</legend>
          {(Object.keys(PRICE_TYPES) as PriceType[]).map((kind) => (
            <label key={kind} className="flex items-start gap-2">
              <input type="radio" value={kind} className="mt-1 size-4 accent-primary" {...register('price_type')} />
              <span>
                {PRICE_TYPES[kind].name}
                <span className="block text-sm text-muted-foreground">{PRICE_TYPES[kind].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 rounded-xl border border-border p-4">
          <legend className="px-1 text-sm font-semibold">Linjer (priser eks. MVA)</legend>
          {lines.fields.map((field, index) => (
            <div key={field.id} className="grid grid-cols-2 gap-2 rounded-lg bg-muted/40 p-3 sm:grid-cols-[5rem_6rem_minmax(0,1fr)_6rem_auto]" data-quote-line>
              <FormField className="col-span-full" id={`line-${index}-description`} label="Beskrivelse" error={lineError(index, 'description')}>
                {(control) => <Input {...register(`lines.${index}.description`)} {...control} />}
              </FormField>
              <FormField id={`line-${index}-quantity`} label="Antall" error={lineError(index, 'quantity')}>
                {(control) => <Input inputMode="decimal" {...register(`lines.${index}.quantity`)} {...control} />}
              </FormField>
              <FormField id={`line-${index}-unit`} label="Enhet">
                {(control) => (
                  <Select {...register(`lines.${index}.unit`)} {...control}>
                    {(Object.keys(UNITS) as Unit[]).map((unit) => (
                      <option key={unit} value={unit}>{UNITS[unit]}</option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField id={`line-${index}-price`} label="Enhetspris (kr)" error={lineError(index, 'unit_price')}>
                {(control) => <Input inputMode="decimal" {...register(`lines.${index}.unit_price`)} {...control} />}
              </FormField>
              <FormField id={`line-${index}-vat`} label="MVA" error={lineError(index, 'vat')}>
                {(control) => (
                  <Select {...register(`lines.${index}.vat`)} {...control}>
                    {VAT_RATES.map((rate) => (
                      <option key={rate} value={String(rate)}>{rate} %</option>
                    ))}
                  </Select>
                )}
              </FormField>
              <div className="flex items-end">
                <Button type="button" variant="ghost" size="icon" aria-label={`Fjern linje ${index + 1}`} onClick={() => lines.remove(index)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
          ))}
          <FieldError id="q-lines-feil">{error('lines')}</FieldError>
          <div className="flex flex-wrap items-end gap-3">
            <FormField className="min-w-56 flex-1" id="q-catalogue" label="Fra tjenestekatalogen">
              {(control) => (
                <Select value={picked} onChange={(event) => addFromCatalogue(event.target.value)} {...control}>
                  <option value="">Velg en tjeneste å legge til</option>
                  {catalogue.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}{service.price_from ? ` (fra ${service.price_from} kr inkl. MVA)` : ''}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <Button type="button" variant="outline" onClick={() => lines.append({ service_id: null, description: '', quantity: '1', unit: 'stk', unit_price: '0,00', vat: '25' })}>
              <Plus aria-hidden="true" /> Fri linje
            </Button>
          </div>
          <p className="text-sm text-muted-foreground" id="q-catalogue-rule">
            Katalogprisene er inkl. {CATALOGUE_VAT} % MVA, som nettsiden viser dem. En linje fra katalogen får prisen eks. MVA: katalogprisen delt på 1,25,
            avrundet til nærmeste øre (for eksempel {kroner(1_890_000)} inkl. MVA = {kroner(netOfGross(1_890_000, CATALOGUE_VAT))} eks. MVA). Hver linje regnes og
            avrundes til nærmeste øre; summene er summen av linjene.
          </p>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField className="sm:col-span-2" id="q-intro" label="Innledning">
            {(control) => <Textarea rows={3} {...register('intro')} {...control} />}
          </FormField>
          <FormField className="sm:col-span-2" id="q-terms" label="Vilkår">
            {(control) => <Textarea rows={4} {...register('terms')} {...control} />}
          </FormField>
          <FormField id="q-valid" label="Gyldig til" error={error('valid_until')}>
            {(control) => <Input type="date" {...register('valid_until')} {...control} />}
          </FormField>
        </div>
      </form>
      <div className="lg:sticky lg:top-20 lg:self-start">
        <h2 className="mb-2 text-sm font-semibold text-muted-foreground">Slik ser kunden tilbudet</h2>
        <QuotePreview
          number={quote.number}
          firm={firm}
          customer={addressee(values.customer_name, consumer ? '' : values.customer_company)}
          consumer={consumer}
          priceType={values.price_type}
          intro={values.intro}
          terms={values.terms}
          lines={linesOf(values.lines ?? []).lines}
          validUntil={values.valid_until}
        />
      </div>
    </div>
  )
}
