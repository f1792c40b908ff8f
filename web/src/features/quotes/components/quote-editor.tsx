import { useEffect, useRef, useState } from 'react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Input, Textarea } from '@/components/ui/input'
import { formatDateTime } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { type CustomerKind, type PriceType, type Quote, useSaveQuote } from '../api/quotes'
import { addressee, type DraftValues, linesOf, valuesOf } from '../draft'
import { CUSTOMER_KINDS, PRICE_TYPES } from '../words'
import { type CatalogueItem, QuoteLines } from './quote-lines'
import { QuotePreview } from './quote-preview'

/** How long typing may pause before the draft is saved. */
const SAVE_AFTER_MS = 700

/**
 * The quote editor: the customer, the price type, the lines (from the catalogue with its
 * "Pris fra", or written freely), the texts and the valid-until day, saved as one types,
 * beside a preview of what the customer will see. Amounts are typed in kroner and kept
 * in øre (`../money.ts`).
 */
export function QuoteEditor({ quote, firm, catalogue }: { quote: Quote; firm: string; catalogue: CatalogueItem[] }) {
  const form = useForm<DraftValues>({ defaultValues: valuesOf(quote) })
  const { register, control, formState, setError, clearErrors } = form
  const lines = useFieldArray({ control, name: 'lines' })
  const values = useWatch({ control }) as DraftValues
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
  const consumer = values.customer_kind === 'private'
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
            <FormField id="q-orgnr" label="Org.nr." error={error('org_nr')}>
              {(control) => <Input {...register('org_nr')} {...control} />}
            </FormField>
          )}
          <FormField id="q-email" label="E-post" error={error('customer_email')}>
            {(control) => <Input type="email" {...register('customer_email')} {...control} />}
          </FormField>
          <FormField id="q-phone" label="Telefon" error={error('customer_phone')}>
            {(control) => <Input type="tel" {...register('customer_phone')} {...control} />}
          </FormField>
          <FormField className="sm:col-span-2" id="q-address" label="Adresse" error={error('customer_address')}>
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
          {consumer && values.price_type === 'hourly' && (
            <label className="mt-2 flex items-start gap-2 border-t border-border pt-3">
              <input type="checkbox" className="mt-1 size-4 accent-primary" {...register('reservation')} />
              <span>
                Gi summen som uforpliktende prisantydning (uten 15 %-tak)
                <span className="block text-sm text-muted-foreground">
                  Forbeholdet skrives på tilbudet og PDF-en, og kunden godtar det når tilbudet aksepteres. Uten forbeholdet er summen et
                  prisoverslag (håndverkertjenesteloven § 32).
                </span>
              </span>
            </label>
          )}
        </fieldset>
        <QuoteLines form={form} lines={lines} catalogue={catalogue} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField className="sm:col-span-2" id="q-intro" label="Innledning" error={error('intro')}>
            {(control) => <Textarea rows={3} {...register('intro')} {...control} />}
          </FormField>
          <FormField className="sm:col-span-2" id="q-terms" label="Vilkår" error={error('terms')}>
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
          title={quote.job_id ? 'Tilbud på tilleggsarbeid' : 'Tilbud'}
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
