import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FieldError, Input, Select } from '@/components/ui/input'
import type { Unit } from '../api/quotes'
import type { DraftValues, LineValues } from '../draft'
import { CATALOGUE_VAT, kroner, kronerField, netOfGross } from '@/lib/money'
import { UNITS, VAT_RATES } from '../words'

/** A service of the firm's catalogue, to pick a line from ("Pris fra" in whole kroner, including MVA as the public site says). */
export type CatalogueItem = { id: string; name: string; price_from: number | null }

/**
 * The quote's lines, each typed freely or taken from the catalogue: a catalogue line gets
 * the service's name and its "Pris fra" less MVA (the public site shows prices with MVA,
 * a quote's lines are without), and the rule is written under the list.
 */
export function QuoteLines({
  form,
  lines,
  catalogue,
}: {
  form: UseFormReturn<DraftValues>
  lines: UseFieldArrayReturn<DraftValues, 'lines'>
  catalogue: CatalogueItem[]
}) {
  const { register, formState } = form
  const lineError = (index: number, field: keyof LineValues) => formState.errors.lines?.[index]?.[field]?.message
  // A message about the lines as a whole (the server's "at least one line").
  const linesError = (formState.errors.lines as { message?: string } | undefined)?.message
  const [picked, setPicked] = useState('')

  function addFromCatalogue(id: string) {
    const item = catalogue.find((service) => service.id === id)
    if (!item) return
    const unitPrice = netOfGross((item.price_from ?? 0) * 100, CATALOGUE_VAT)
    lines.append({ service_id: item.id, description: item.name, quantity: '1', unit: 'stk', unit_price: kronerField(unitPrice), vat: String(CATALOGUE_VAT) })
    setPicked('')
  }

  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Linjer (priser eks. MVA)</legend>
      {lines.fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-2 gap-2 rounded-lg bg-muted/40 p-3 sm:grid-cols-[5rem_6rem_minmax(0,1fr)_6rem_auto]" data-quote-line>
          <FormField className="col-span-full" id={`line-${index}-description`} label="Beskrivelse" error={lineError(index, 'description') ?? lineError(index, 'service_id')}>
            {(control) => <Input {...register(`lines.${index}.description`)} {...control} />}
          </FormField>
          <FormField id={`line-${index}-quantity`} label="Antall" error={lineError(index, 'quantity')}>
            {(control) => <Input inputMode="decimal" {...register(`lines.${index}.quantity`)} {...control} />}
          </FormField>
          <FormField id={`line-${index}-unit`} label="Enhet" error={lineError(index, 'unit')}>
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
      <FieldError id="q-lines-feil">{linesError}</FieldError>
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
  )
}
