import { Badge } from '@/components/ui/badge'
import { type InvoiceState, STATE_LABEL } from '../api/payments'

/** An invoice's state as a badge: overdue and paid stand out, the rest read plainly. */
export function InvoiceStateBadge({ state }: { state: InvoiceState | null | undefined }) {
  if (!state) return <Badge>Kreditnota</Badge>
  return (
    <Badge
      variant={state === 'paid' ? 'accent' : 'default'}
      className={state === 'overdue' ? 'bg-destructive/10 text-destructive' : undefined}
      data-invoice-state={state}
    >
      {STATE_LABEL[state]}
    </Badge>
  )
}
