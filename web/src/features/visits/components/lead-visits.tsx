import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import type { StaffMember } from '../api/visits'
import { formatWeekday } from '@/lib/days'
import { type Visit, type VisitChanged, useCancelVisit, useLeadVisits } from '../api/visits'
import { type LeadPlace, type OfferedDay, VisitFormDialog } from './visit-form-dialog'

/** What staff are told after a booking, a move or a cancellation: who the e-mail goes to. */
function invitedText(changed: VisitChanged, what: 'Invitasjonen' | 'Avlysningen' = 'Invitasjonen'): string {
  return changed.invited.length
    ? `${what} sendes til ${changed.invited.join(' og ')}.`
    : 'E-post er ikke satt opp på serveren. Gi beskjed til kunden selv.'
}

/** A lead's befaringer: "Avtal befaring", and each booked one with "Flytt" and "Avlys".
 * `offered` are the days the customer offered, `place` the lead's address, for the dialog. */
export function LeadVisits({
  leadId,
  staff,
  offered = [],
  place = {},
}: {
  leadId: string
  staff: StaffMember[]
  offered?: OfferedDay[]
  place?: LeadPlace
}) {
  const visits = useLeadVisits(leadId)
  const cancel = useCancelVisit()
  const toast = useToast()
  const [editing, setEditing] = useState<{ visit: Visit | null } | null>(null)
  const [cancelling, setCancelling] = useState<Visit | null>(null)
  const done = (title: string) => (changed: VisitChanged) => {
    setEditing(null)
    toast({ title, description: invitedText(changed) })
  }
  return (
    <section aria-labelledby="lead-visits" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lead-visits" className="text-lg font-semibold">Befaring</h2>
        <Button onClick={() => setEditing({ visit: null })}>
          <CalendarPlus aria-hidden="true" /> Avtal befaring
        </Button>
      </div>
      {visits.isPending ? (
        <Spinner label="Laster befaringer..." />
      ) : !visits.data?.length ? (
        <p className="text-muted-foreground">Ingen befaring avtalt.</p>
      ) : (
        <ul className="grid gap-2">
          {visits.data.map((visit) => (
            <li key={visit.id} className="grid gap-2 rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={visit.cancelled_at ? 'text-muted-foreground line-through' : 'font-semibold'}>
                  {formatWeekday(visit.day)} kl. {visit.start}–{visit.end}
                </span>
                {visit.cancelled_at && <Badge variant="default">Avlyst</Badge>}
              </div>
              <span className="text-sm">Drar: {visit.staff_name}</span>
              {visit.note && <span className="text-sm text-muted-foreground">{visit.note}</span>}
              {!visit.cancelled_at && (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing({ visit })}>
                    Flytt
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setCancelling(visit)}>
                    Avlys
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <VisitFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        leadId={leadId}
        visit={editing?.visit ?? null}
        staff={staff}
        offered={offered}
        place={place}
        onDone={done(editing?.visit ? 'Befaringen er flyttet' : 'Befaringen er avtalt')}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Avlys befaringen?"
        description={cancelling ? `${formatWeekday(cancelling.day)} kl. ${cancelling.start}. Kunden og den som drar får beskjed.` : ''}
        confirmLabel="Avlys befaringen"
        busyLabel="Avlyser..."
        busy={cancel.isPending}
        onConfirm={() => {
          if (!cancelling) return
          cancel.mutateAsync(cancelling.id).then(
            (changed) => {
              setCancelling(null)
              toast({ title: 'Befaringen er avlyst', description: invitedText(changed, 'Avlysningen') })
            },
            (error: unknown) => toast({ title: 'Kunne ikke avlyse befaringen', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
          )
        }}
      />
    </section>
  )
}
