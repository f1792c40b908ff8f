import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { reasonOf } from '@/lib/api'
import { formatDay } from '@/lib/format'
import { kroner } from '@/lib/money'
import { cn } from '@/lib/utils'
import { type Payment, useDeletePayment, useInvoiceAccount, useUnmatchPayment } from '../api/payments'
import { InvoiceStateBadge } from './invoice-state'
import { PaymentForm } from './payment-form'

/** Where a payment came from, as the list says it. */
function from(payment: Payment): string {
  if (payment.source === 'manual') return payment.note ? `Registrert for hånd: ${payment.note}` : 'Registrert for hånd'
  const kid = payment.kid ? `KID ${payment.kid}` : payment.message
  return ['Fra banken', payment.payer, kid].filter(Boolean).join(', ')
}

/** An invoice's money: what it was, what credit notes took back, what its reminders added
 * (fees and interest), what is paid and what is
 * left, each payment (a mistake registered by hand deleted, a wrong match from the bank
 * taken off), and "Registrer innbetaling" while anything is left. */
export function InvoiceAccount({ invoiceId }: { invoiceId: string }) {
  const account = useInvoiceAccount(invoiceId)
  const remove = useDeletePayment()
  const unmatch = useUnmatchPayment()
  const toast = useToast()
  if (account.isError) return <p className="text-destructive">Kunne ikke hente innbetalingene.</p>
  if (!account.data) return <Spinner label="Laster innbetalinger..." />
  const { balance, state, kid, payments } = account.data
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action()
      toast({ title: done })
    } catch (error) {
      toast({ title: 'Kunne ikke endre innbetalingen', description: reasonOf(error), variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="invoice-money" className="grid gap-4 rounded-2xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoice-money" className="text-lg font-semibold">Innbetalinger</h2>
        <InvoiceStateBadge state={state} />
      </div>
      {kid && balance.outstanding > 0 && (
        <p className="text-sm">
          Kunden betaler med KID <span className="font-semibold tabular-nums">{kid}</span>.
        </p>
      )}
      <dl className={cn('grid grid-cols-2 gap-x-6 gap-y-1 text-sm', balance.charged > 0 ? 'sm:grid-cols-5' : 'sm:grid-cols-4')}>
        <div><dt className="text-muted-foreground">Fakturert</dt><dd className="tabular-nums">{kroner(balance.total)}</dd></div>
        <div><dt className="text-muted-foreground">Kreditert</dt><dd className="tabular-nums">{kroner(balance.credited)}</dd></div>
        {balance.charged > 0 && (
          <div><dt className="text-muted-foreground">Purregebyr og renter</dt><dd className="tabular-nums">{kroner(balance.charged)}</dd></div>
        )}
        <div><dt className="text-muted-foreground">Betalt</dt><dd className="tabular-nums">{kroner(balance.paid)}</dd></div>
        <div>
          <dt className="text-muted-foreground">{balance.outstanding < 0 ? 'Betalt for mye' : 'Står igjen'}</dt>
          <dd className="font-semibold tabular-nums" data-outstanding>{kroner(Math.abs(balance.outstanding))}</dd>
        </div>
      </dl>
      {payments.length > 0 ? (
        <ul className="divide-y divide-border text-sm">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium tabular-nums">{kroner(payment.amount)}</span> {formatDay(payment.paid_on)}
                <span className="block text-muted-foreground [overflow-wrap:anywhere]">{from(payment)}</span>
              </span>
              {payment.source === 'manual' ? (
                <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => void act(() => remove.mutateAsync(payment.id), 'Innbetalingen er slettet')}>
                  Slett
                </Button>
              ) : (
                <Button variant="ghost" size="sm" disabled={unmatch.isPending} onClick={() => void act(() => unmatch.mutateAsync(payment.id), 'Innbetalingen venter på avklaring')}>
                  Ta av fakturaen
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Ingen innbetalinger ennå.</p>
      )}
      {balance.outstanding > 0 && <PaymentForm invoiceId={invoiceId} outstanding={balance.outstanding} />}
    </section>
  )
}
