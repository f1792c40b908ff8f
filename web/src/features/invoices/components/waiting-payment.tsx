import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { formatDay } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { kroner } from '@/lib/money'
import { type Payment, useMatchPayment, useSetAsidePayment, WAITING_LABEL } from '../api/payments'

const matchSchema = z.object({ invoice: z.string().trim().min(1, 'Skriv fakturanummeret, for eksempel 2026-0007.') })
const asideSchema = z.object({ note: z.string().trim().min(1, 'Skriv hva innbetalingen er, for eksempel «Tilbakebetaling fra leverandør».').max(500, 'Høyst 500 tegn.') })

/** A payment from the bank that waits for the office: what it is, why it waits, and the two
 * ways to resolve it: "Før på faktura" (by the invoice's number, the one it names filled
 * in) or "Ikke en fakturabetaling" (with a note saying what it is). */
export function WaitingPayment({ payment }: { payment: Payment }) {
  const match = useMatchPayment(payment.id)
  const aside = useSetAsidePayment(payment.id)
  const toast = useToast()
  const matchForm = useForm<z.infer<typeof matchSchema>>({ resolver: zodResolver(matchSchema), defaultValues: { invoice: payment.suggested ?? '' } })
  const asideForm = useForm<z.infer<typeof asideSchema>>({ resolver: zodResolver(asideSchema), defaultValues: { note: '' } })
  const matchErrors = useServerErrors(matchForm)
  const asideErrors = useServerErrors(asideForm)
  const failed = (error: unknown) =>
    toast({ title: 'Kunne ikke avklare innbetalingen', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
  const book = matchForm.handleSubmit(async (values) => {
    try {
      await match.mutateAsync(values)
      toast({ title: `Innbetalingen er ført på faktura ${values.invoice}` })
    } catch (error) {
      matchErrors(error)
      failed(error)
    }
  })
  const setAside = asideForm.handleSubmit(async (values) => {
    try {
      await aside.mutateAsync(values)
      toast({ title: 'Innbetalingen er satt til side' })
    } catch (error) {
      asideErrors(error)
      failed(error)
    }
  })
  const said = [payment.kid && `KID ${payment.kid}`, payment.message && `«${payment.message}»`].filter(Boolean).join(', ')
  const id = payment.id
  return (
    <li className="grid gap-3 rounded-xl border border-border p-3" data-waiting-payment={payment.bank_ref ?? payment.id}>
      <div className="text-sm">
        <span className="font-semibold tabular-nums">{kroner(payment.amount)}</span> fra {payment.payer || 'ukjent betaler'}, {formatDay(payment.paid_on)}
        {said && <span className="block [overflow-wrap:anywhere]">{said}</span>}
        <span className="block text-muted-foreground">
          {payment.waiting ? WAITING_LABEL[payment.waiting] : ''}
          {payment.waiting === 'overpaid' && payment.suggested ? ` på faktura ${payment.suggested}` : ''}
        </span>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <form onSubmit={book} noValidate aria-label={`Før ${kroner(payment.amount)} fra ${payment.payer || 'ukjent'} på faktura`} className="flex items-end gap-2">
          <FormField id={`match-${id}`} label="Fakturanummer" className="flex-1" error={matchForm.formState.errors.invoice?.message}>
            {(field) => <Input {...matchForm.register('invoice')} {...field} />}
          </FormField>
          <Button type="submit" variant="outline" disabled={match.isPending}>Før på faktura</Button>
        </form>
        <form onSubmit={setAside} noValidate aria-label={`Sett ${kroner(payment.amount)} fra ${payment.payer || 'ukjent'} til side`} className="flex items-end gap-2">
          <FormField id={`aside-${id}`} label="Hva er den?" className="flex-1" error={asideForm.formState.errors.note?.message}>
            {(field) => <Input {...asideForm.register('note')} {...field} />}
          </FormField>
          <Button type="submit" variant="ghost" disabled={aside.isPending}>Ikke en fakturabetaling</Button>
        </form>
      </div>
    </li>
  )
}
