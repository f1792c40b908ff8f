import { zodResolver } from '@hookform/resolvers/zod'
import { useFieldArray, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { formatDay } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

const schema = z.object({
  account_number: z
    .string()
    .trim()
    .refine((text) => text === '' || /^[\d .]+$/.test(text) && text.replace(/\D/g, '').length === 11, 'Skriv et kontonummer med 11 sifre, for eksempel 1234.56.78903.'),
  payment_days: z.string().trim().regex(/^(\d|[1-8]\d|90)$/, 'Skriv betalingsfristen i dager (0 til 90).'),
  vat_registered: z.boolean(),
  kid: z.boolean(),
  accounting_email: z
    .string()
    .trim()
    .max(254, 'Høyst 254 tegn.')
    .refine((text) => text === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text), 'Skriv en gyldig e-postadresse, for eksempel bilag@firma.fiken.no.'),
  reminder_steps: z.enum(['purring_then_notice', 'two_purringer_then_notice', 'notice_only']),
  reminder_fee: z.boolean(),
  interest_rates: z
    .array(
      z.object({
        from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Skriv datoen renten gjelder fra.'),
        percent: z
          .string()
          .trim()
          .regex(/^\d{1,2}([,.]\d{1,2})?$/, 'Skriv renten i prosent, for eksempel 12,25 (høyst 30).')
          .refine((text) => Number(text.replace(',', '.')) <= 30, 'Skriv renten i prosent, for eksempel 12,25 (høyst 30).'),
      }),
    )
    .max(60, 'Høyst 60 renter i listen.')
    .refine((rates) => new Set(rates.map((rate) => rate.from)).size === rates.length, 'To renter kan ikke gjelde fra samme dag.'),
})
type Values = z.infer<typeof schema>

/** The steps of the road to collection, as the firm chooses them. */
const STEPS: Record<Values['reminder_steps'], string> = {
  purring_then_notice: 'Én purring, så inkassovarsel',
  two_purringer_then_notice: 'To purringer, så inkassovarsel',
  notice_only: 'Inkassovarsel med en gang',
}

/** 1225 as "12,25". */
function percentText(hundredths: number): string {
  return (hundredths / 100).toLocaleString('nb-NO', { maximumFractionDigits: 2, useGrouping: false })
}

/** `1234.56.78903`, as Norwegians write an account number. */
function accountText(digits: string | null | undefined): string {
  return digits && digits.length === 11 ? `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}` : (digits ?? '')
}

/** What an invoice needs besides the firm's facts: the account the customer pays to, the
 * days to pay, whether the firm charges MVA, and whether its invoices carry a KID; and the
 * road to collection: the letters, the fee, and the forsinkelsesrente each half-year. The
 * server checks the account number's check digit. */
export function InvoicingForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const invoicing = settings.invoicing
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      account_number: accountText(invoicing.account_number),
      payment_days: String(invoicing.payment_days),
      vat_registered: invoicing.vat_registered,
      kid: invoicing.kid,
      accounting_email: invoicing.accounting_email ?? '',
      reminder_steps: invoicing.reminder_steps ?? 'purring_then_notice',
      reminder_fee: invoicing.reminder_fee ?? true,
      interest_rates: (invoicing.interest_rates ?? []).map((rate) => ({ from: rate.from, percent: percentText(rate.percent_hundredths) })),
    },
  })
  const rates = useFieldArray({ control: form.control, name: 'interest_rates' })
  const serverErrors = useServerErrors(form, {
    'invoicing.account_number': 'account_number',
    'invoicing.payment_days': 'payment_days',
    'invoicing.accounting_email': 'accounting_email',
    'invoicing.interest_rates': 'interest_rates',
  })
  const { errors } = form.formState
  const ratesError = errors.interest_rates?.message ?? errors.interest_rates?.root?.message
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...factsOf(settings),
        invoicing: {
          ...values,
          payment_days: Number(values.payment_days),
          accounting_email: values.accounting_email.trim() || null,
          interest_rates: values.interest_rates.map((rate) => ({ from: rate.from, percent: rate.percent })),
        },
      })
      toast({ title: 'Lagret', description: 'Nye fakturaer bruker dette.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      <FormField className="max-w-64" id="invoicing-account" label="Kontonummer" hint="Kunden betaler hit." error={errors.account_number?.message}>
        {(control) => <Input inputMode="numeric" autoComplete="off" {...form.register('account_number')} {...control} />}
      </FormField>
      <FormField
        className="max-w-md"
        id="invoicing-accounting"
        label="Regnskapssystemets e-post for bilag (valgfritt)"
        hint="Fiken, Tripletex og PowerOffice gir firmaet en slik adresse. «Send til regnskapet» på en faktura sender den hit."
        error={errors.accounting_email?.message}
      >
        {(control) => <Input type="email" autoComplete="off" {...form.register('accounting_email')} {...control} />}
      </FormField>
      <FormField className="max-w-40" id="invoicing-days" label="Betalingsfrist (dager)" error={errors.payment_days?.message}>
        {(control) => <Input inputMode="numeric" {...form.register('payment_days')} {...control} />}
      </FormField>
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...form.register('vat_registered')} />
        <span>
          Registrert i Merverdiavgiftsregisteret
          <span className="block text-sm text-muted-foreground">Fakturaene tar MVA, og org.nr. skrives med «MVA».</span>
        </span>
      </label>
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...form.register('kid')} />
        <span>
          Skriv KID på fakturaene
          <span className="block text-sm text-muted-foreground">Krever en KID-avtale med banken. KID lages av fakturanummeret.</span>
        </span>
      </label>
      <fieldset className="grid gap-4 border-t border-border pt-4">
        <legend className="pt-4 text-base font-semibold">Purring og inkassovarsel</legend>
        <FormField className="max-w-sm" id="invoicing-steps" label="Brev når en faktura ikke er betalt" hint="Et inkassovarsel gir 14 dager og sier at saken ellers går til inkasso (inkassoloven § 9).">
          {(control) => (
            <Select {...form.register('reminder_steps')} {...control}>
              {Object.entries(STEPS).map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </Select>
          )}
        </FormField>
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...form.register('reminder_fee')} />
          <span>
            Ta purregebyr når loven tillater det
            <span className="block text-sm text-muted-foreground">En tjuedel av inkassosatsen, tidligst 14 dager etter forfall og høyst to ganger per faktura (inkassoforskriften §§ 1-2 og 1-3).</span>
          </span>
        </label>
        <div className="grid gap-2" role="group" aria-labelledby="invoicing-rates" aria-describedby={ratesError ? 'invoicing-rates-error' : 'invoicing-rates-hint'}>
          <p id="invoicing-rates" className="font-medium">Forsinkelsesrente</p>
          <p id="invoicing-rates-hint" className="text-sm text-muted-foreground">
            Renten settes for et halvår om gangen, fra 1. januar og 1. juli (forsinkelsesrenteloven § 3). Legg inn den nye når Finanstilsynet har kunngjort den.
          </p>
          {rates.fields.map((field, index) => (
            <div key={field.id} className="flex flex-wrap items-end gap-3">
              <FormField className="w-44" id={`invoicing-rate-from-${index}`} label="Gjelder fra" error={errors.interest_rates?.[index]?.from?.message}>
                {(control) => <Input type="date" {...form.register(`interest_rates.${index}.from`)} {...control} />}
              </FormField>
              <FormField className="w-32" id={`invoicing-rate-percent-${index}`} label="Prosent i året" error={errors.interest_rates?.[index]?.percent?.message}>
                {(control) => <Input inputMode="decimal" {...form.register(`interest_rates.${index}.percent`)} {...control} />}
              </FormField>
              <Button type="button" variant="ghost" onClick={() => rates.remove(index)} aria-label={`Fjern renten fra ${field.from ? formatDay(field.from) : 'ny dato'}`}>
                Fjern
              </Button>
            </div>
          ))}
          {ratesError && <p id="invoicing-rates-error" className="text-sm text-destructive">{ratesError}</p>}
          <Button type="button" variant="outline" className="w-fit" onClick={() => rates.append({ from: '', percent: '' })}>
            Legg til rente
          </Button>
        </div>
      </fieldset>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre fakturainnstillingene'}
      </Button>
    </form>
  )
}
