import { Badge } from '@/components/ui/badge'
import type { QuoteStatus } from '../api/quotes'
import { STATUS } from '../words'

/** A quote's state as a badge: accepted stands out, the rest read plainly. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge variant={status === 'accepted' ? 'accent' : 'default'} data-quote-status={status}>
      {STATUS[status]}
    </Badge>
  )
}
