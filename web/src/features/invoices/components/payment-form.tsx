import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { norwegianDay } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { kronerField, parseKroner } from '@/lib/money'
import { useRegisterPayment } from '../api/payments'

const schema = z.object({
  paid_on: z.string().min(1, 'Skriv datoen betalingen kom.').refine(isDay, BAD_DAY),
  amount: z.string().refine((text) => (parseKroner(text) ?? 0) > 0, 'Skriv beløpet i kroner, for eksempel 1 250 eller 1 250,50.'),
  note: z.string().max(500, 'Høyst 500 tegn.'),
})
type Values = z.infer<typeof schema>

/** "Registrer innbetaling": a payment that came without KID (a transfer, cash, Vipps), by
 * day and amount, the rest of what is owed offered; the server refuses more than is left. */
export function PaymentForm({ invoiceId, outstanding }: { invoiceId: string; outstanding: number }) {
  const register = useRegisterPayment(invoiceId)
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { paid_on: norwegianDay(), amount: kronerField(outstanding), note: '' },
  })
  const serverErrors = useServerErrors(form)
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync({ paid_on: values.paid_on, amount: parseKroner(values.amount) ?? 0, note: values.note })
      form.reset({ paid_on: norwegianDay(), amount: '', note: '' })
      toast({ title: 'Innbetalingen er registrert' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke registrere innbetalingen', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} noValidate aria-label="Registrer innbetaling" className="grid gap-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end">
      <FormField id="payment-day" label="Betalt" error={errors.paid_on?.message}>
        {(field) => (
          <Controller control={form.control} name="paid_on" render={({ field: day }) => <DayInput {...field} value={day.value} onChange={day.onChange} />} />
        )}
      </FormField>
      <FormField id="payment-amount" label="Beløp (kr)" error={errors.amount?.message}>
        {(field) => <Input inputMode="decimal" {...form.register('amount')} {...field} />}
      </FormField>
      <FormField id="payment-note" label="Notat (valgfritt)" error={errors.note?.message}>
        {(field) => <Input {...form.register('note')} {...field} />}
      </FormField>
      <Button type="submit" disabled={register.isPending}>
        Registrer
      </Button>
    </form>
  )
}
