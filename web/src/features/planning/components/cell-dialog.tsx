import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { reasonOf } from '@/lib/api'
import { formatPlanDay } from '@/lib/days'
import { ABSENCE_WORDS, type AbsenceKind, useAbsence } from '../api/planning'

/** A person's day on the board, as a tap or Enter opens it. */
export type CellChoice = { userId: string; name: string; day: string; absence: AbsenceKind | null }

const KINDS: AbsenceKind[] = ['ferie', 'syk', 'kurs']

/** A person's day: plan a job on it, or mark them away (ferie, syk, kurs) or back. */
export function CellDialog({ cell, onOpenChange, onPlan }: { cell: CellChoice | null; onOpenChange: (open: boolean) => void; onPlan: (cell: CellChoice) => void }) {
  const absence = useAbsence()
  const toast = useToast()
  const set = (kind: AbsenceKind | null) => {
    if (!cell) return
    absence.mutateAsync({ user_id: cell.userId, day: cell.day, kind }).then(
      () => {
        toast({ title: kind ? `${ABSENCE_WORDS[kind]} er ført` : 'Fraværet er fjernet' })
        onOpenChange(false)
      },
      (error: unknown) => toast({ title: 'Kunne ikke lagre fraværet', description: reasonOf(error), variant: 'destructive' }),
    )
  }
  return (
    <Dialog open={cell !== null} onOpenChange={onOpenChange} title={cell ? `${cell.name}, ${formatPlanDay(cell.day)}` : 'Dag'}>
      {cell && (
        <div className="grid gap-5">
          <Button type="button" data-autofocus onClick={() => onPlan(cell)}>
            Planlegg et oppdrag denne dagen
          </Button>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Fravær</legend>
            <div className="flex flex-wrap gap-2">
              {KINDS.map((kind) => (
                <Button key={kind} type="button" variant="outline" aria-pressed={cell.absence === kind} disabled={absence.isPending} onClick={() => set(kind)}>
                  {ABSENCE_WORDS[kind]}
                </Button>
              ))}
              {cell.absence && (
                <Button type="button" variant="outline" disabled={absence.isPending} onClick={() => set(null)}>
                  Ikke borte
                </Button>
              )}
            </div>
          </fieldset>
        </div>
      )}
    </Dialog>
  )
}
