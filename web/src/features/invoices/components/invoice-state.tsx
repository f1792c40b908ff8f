import { Badge } from '@/components/ui/badge'
import { type InvoiceState, STATE_LABEL } from '../api/payments'

/** An invoice's state as a badge: overdue stands out in red, paid in green (not the
 * brand's amber, which reads as a warning), the rest plainly. */
export function InvoiceStateBadge({ state }: { state: InvoiceState | null | undefined }) {
  if (!state) return <Badge>Kreditnota</Badge>
  return (
    <Badge
      variant={state === 'paid' ? 'success' : 'default'}
      className={state === 'overdue' ? 'bg-destructive/10 text-destructive' : undefined}
      data-invoice-state={state}
    >
      {STATE_LABEL[state]}
    </Badge>
  )
}
