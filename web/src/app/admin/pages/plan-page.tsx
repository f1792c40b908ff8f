import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { boardChoice, usePlanBoard } from '@/features/planning/api/planning'
import { addDays, monday } from '@/lib/days'
import { PlanBoard } from '@/features/planning/components/plan-board'
import { formatDay, norwegianDay } from '@/lib/format'
import { useUrlFilter } from '@/lib/url-filter'
import { useAdminTitle } from '../use-admin-title'

/** "Planleggingstavle": who works where on which day, a week or two from a Monday, with
 * the clashes and the jobs still to plan. The week and the length live in the address. */
export function PlanPage() {
  useAdminTitle('Planleggingstavle')
  const [chosen, setChosen] = useUrlFilter(boardChoice)
  const from = monday(chosen.day || norwegianDay())
  const board = usePlanBoard({ from, days: chosen.days })
  const clashes = board.data?.people.reduce((sum, row) => sum + row.cells.filter((cell) => cell.conflicts.length > 0).length, 0) ?? 0
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Planleggingstavle</h1>
          {board.data && (
            <p className="text-sm text-muted-foreground" aria-live="polite" data-clash-count>
              {clashes === 0 ? 'Ingen kollisjoner.' : `${clashes} ${clashes === 1 ? 'dag kolliderer' : 'dager kolliderer'}: se de røde rutene.`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex items-center gap-2">
            <Button variant="outline" size="icon" aria-label="Forrige uke" onClick={() => setChosen((current) => ({ ...current, day: addDays(from, -7) }))}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span className="font-semibold" aria-live="polite">
              Fra {formatDay(from)}
            </span>
            <Button variant="outline" size="icon" aria-label="Neste uke" onClick={() => setChosen((current) => ({ ...current, day: addDays(from, 7) }))}>
              <ChevronRight aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => setChosen((current) => ({ ...current, day: '' }))}>
              Denne uken
            </Button>
          </div>
          <FormField id="plan-length" label="Vis">
            {(control) => (
              <Select
                {...control}
                value={String(chosen.days)}
                onChange={(event) => setChosen((current) => ({ ...current, days: event.target.value === '14' ? 14 : 7 }))}
              >
                <option value="7">Én uke</option>
                <option value="14">To uker</option>
              </Select>
            )}
          </FormField>
        </div>
      </div>
      {board.isPending ? (
        <Spinner label="Laster planen..." />
      ) : board.isError ? (
        <p className="text-destructive">Kunne ikke hente planen. Prøv igjen.</p>
      ) : (
        <PlanBoard board={board.data} />
      )}
    </div>
  )
}
