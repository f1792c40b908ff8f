import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
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
})
type Values = z.infer<typeof schema>

/** `1234.56.78903`, as Norwegians write an account number. */
function accountText(digits: string | null | undefined): string {
  return digits && digits.length === 11 ? `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}` : (digits ?? '')
}

/** What an invoice needs besides the firm's facts: the account the customer pays to, the
 * days to pay, whether the firm charges MVA, and whether its invoices carry a KID. The
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
    },
  })
  const serverErrors = useServerErrors(form, {
    'invoicing.account_number': 'account_number',
    'invoicing.payment_days': 'payment_days',
    'invoicing.accounting_email': 'accounting_email',
  })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...factsOf(settings),
        invoicing: { ...values, payment_days: Number(values.payment_days), accounting_email: values.accounting_email.trim() || null },
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
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre fakturainnstillingene'}
      </Button>
    </form>
  )
}
