import { useEffect, useRef, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { ApiError, reasonOf } from '@/lib/api'
import { formatPlanDay } from '@/lib/days'
import { ABSENCE_WORDS, type AbsenceKind, type Planned, timeOf, useAbsence, useMovePlanDay } from '../api/planning'
import type { Person } from './plan-dialog'
import { STICKY_FOOTER } from './sticky'

/** A person's day on the board, as a tap or Enter opens it. */
export type CellChoice = { userId: string; name: string; day: string; absence: AbsenceKind | null }

const KINDS: AbsenceKind[] = ['ferie', 'syk', 'kurs']

/** A person's day: plan a job on it, or mark them away (ferie, syk, kurs) or back, that
 * day or up to a last day; then, if they were planned in those days, move what was planned. */
export function CellDialog({
  cell,
  people,
  onOpenChange,
  onPlan,
}: {
  cell: CellChoice | null
  people: Person[]
  onOpenChange: (open: boolean) => void
  onPlan: (cell: CellChoice) => void
}) {
  return (
    <Dialog open={cell !== null} onOpenChange={onOpenChange} title={cell ? `${cell.name}, ${formatPlanDay(cell.day)}` : 'Dag'} className="max-w-xl">
      {cell && <CellForm key={`${cell.userId}:${cell.day}`} cell={cell} people={people} onPlan={onPlan} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

type Errors = { day?: string; to?: string }

function CellForm({ cell, people, onPlan, onDone }: { cell: CellChoice; people: Person[]; onPlan: (cell: CellChoice) => void; onDone: () => void }) {
  const absence = useAbsence()
  const toast = useToast()
  const [from, setFrom] = useState(cell.day)
  const [to, setTo] = useState(cell.day)
  const [errors, setErrors] = useState<Errors>({})
  const [offer, setOffer] = useState<{ kind: AbsenceKind; planned: Planned[] } | null>(null)

  const checked = (): Errors => {
    const found: Errors = {}
    if (!isDay(from) || !from) found.day = from ? BAD_DAY : 'Velg første dag.'
    if (to && !isDay(to)) found.to = BAD_DAY
    else if (to && isDay(from) && to < from) found.to = 'Siste fraværsdag kan ikke være før første.'
    return found
  }

  const set = (kind: AbsenceKind | null) => {
    const found = checked()
    setErrors(found)
    if (found.day || found.to) return
    const last = to || from
    const span = last === from ? formatPlanDay(from) : `${formatPlanDay(from)} – ${formatPlanDay(last)}`
    absence.mutateAsync({ user_id: cell.userId, day: from, to: last, kind }).then(
      (saved) => {
        toast({ title: kind ? `${ABSENCE_WORDS[kind]} er ført for ${cell.name}` : 'Fraværet er fjernet', description: span })
        if (kind && saved && saved.planned.length > 0) setOffer({ kind, planned: saved.planned })
        else onDone()
      },
      (error: unknown) => {
        if (error instanceof ApiError && (error.fields.day || error.fields.to)) setErrors({ day: error.fields.day, to: error.fields.to })
        else toast({ title: 'Kunne ikke lagre fraværet', description: reasonOf(error), variant: 'destructive' })
      },
    )
  }

  if (offer) return <MoveOffer cell={cell} kind={offer.kind} planned={offer.planned} people={people.filter((person) => person.id !== cell.userId)} onDone={onDone} />

  return (
    <div className="grid gap-5">
      <Button type="button" data-autofocus onClick={() => onPlan(cell)}>
        Planlegg et oppdrag denne dagen
      </Button>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Fravær</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="away-day" label="Første dag" error={errors.day}>
            {(aria) => <DayInput {...aria} name="day" value={from} onChange={setFrom} />}
          </FormField>
          <FormField id="away-to" label="Siste dag" error={errors.to} hint="For flere dager (en uke ferie): velg den siste.">
            {(aria) => <DayInput {...aria} name="to" value={to} onChange={setTo} />}
          </FormField>
        </div>
        <p className="text-sm text-muted-foreground">Velg hva slags fravær. Alle dagene lagres på en gang.</p>
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
  )
}

/** "på 3 dager", or, when a day has more than one job, "på 2 oppdrag tirsdag 8. desember"
 * or "på 3 oppdrag over 2 dager": two jobs on one day are not two days. */
function plannedWords(planned: Planned[]): string {
  const days = [...new Set(planned.map((plan) => plan.day))]
  if (days.length === planned.length) return planned.length === 1 ? 'på én dag' : `på ${planned.length} dager`
  return days.length === 1 ? `på ${planned.length} oppdrag ${formatPlanDay(days[0]!)}` : `på ${planned.length} oppdrag over ${days.length} dager`
}

/** What was planned in the days away: each day moved to someone else, all at once, or left. */
function MoveOffer({ cell, kind, planned, people, onDone }: { cell: CellChoice; kind: AbsenceKind; planned: Planned[]; people: Person[]; onDone: () => void }) {
  const move = useMovePlanDay()
  const toast = useToast()
  const heading = useRef<HTMLHeadingElement>(null)
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const [moved, setMoved] = useState<Record<string, string>>({})
  const [everyone, setEveryone] = useState(people[0]?.id ?? '')
  useEffect(() => heading.current?.focus(), [])
  const nameOf = (id: string) => people.find((person) => person.id === id)?.name ?? ''
  const left = planned.filter((plan) => !moved[plan.id])

  const moveOne = async (plan: Planned, to: string) => {
    try {
      await move.mutateAsync({ id: plan.id, body: { user_id: to } })
      setMoved((before) => ({ ...before, [plan.id]: to }))
      return true
    } catch (error) {
      toast({ title: `Kunne ikke flytte «${plan.job_title}» ${formatPlanDay(plan.day)}`, description: reasonOf(error), variant: 'destructive' })
      return false
    }
  }
  const moveAll = async () => {
    const done: Planned[] = []
    for (const plan of left) if (await moveOne(plan, everyone)) done.push(plan)
    const days = new Set(done.map((plan) => plan.day)).size
    // Two jobs on one day are two jobs moved, not two days.
    const what = days === done.length ? `${days} ${days === 1 ? 'dag' : 'dager'}` : `${done.length} oppdrag`
    if (done.length > 0) toast({ title: `${what} flyttet til ${nameOf(everyone)}` })
    if (done.length === left.length) onDone()
  }

  return (
    <section aria-labelledby="away-offer" className="grid gap-4" data-move-offer>
      <div>
        <h3 id="away-offer" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {cell.name} {kind === 'syk' ? 'er syk' : kind === 'kurs' ? 'er på kurs' : 'har ferie'}, men er planlagt {plannedWords(planned)}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">Dagene står til du flytter dem. Velg hvem som tar dem, eller la dem stå og flytt dem senere på tavlen.</p>
      </div>
      <ul className="grid gap-3">
        {planned.map((plan) => {
          const to = chosen[plan.id] ?? people[0]?.id ?? ''
          return (
            <li key={plan.id} className="grid gap-2 rounded-md border border-border p-3" data-offer-day={plan.day}>
              <p className="text-sm">
                <span className="block font-semibold break-words">{plan.job_title}</span>
                <span className="block first-letter:uppercase">
                  {formatPlanDay(plan.day)}, {timeOf(plan)}
                </span>
              </p>
              {moved[plan.id] ? (
                <p className="text-sm font-medium" role="status">
                  Flyttet til {nameOf(moved[plan.id]!)}.
                </p>
              ) : people.length > 0 ? (
                <div className="flex flex-wrap items-end gap-2">
                  <FormField id={`away-move-${plan.id}`} label="Flytt til" className="min-w-40 flex-1">
                    {(aria) => (
                      <Select {...aria} value={to} onChange={(event) => setChosen((before) => ({ ...before, [plan.id]: event.target.value }))}>
                        {people.map((person) => (
                          <option key={person.id} value={person.id}>
                            {person.name}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                  <Button type="button" variant="outline" disabled={move.isPending} onClick={() => void moveOne(plan, to)} aria-label={`Flytt «${plan.job_title}» ${formatPlanDay(plan.day)} til ${nameOf(to)}`}>
                    Flytt
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">Ingen andre å flytte til. Åpne dagen på tavlen for å flytte den til en annen dag.</p>
              )}
            </li>
          )
        })}
      </ul>
      <div className={STICKY_FOOTER}>
        {left.length > 1 && people.length > 0 && (
          <div className="flex flex-wrap items-end gap-2">
            <FormField id="away-move-all" label="Alle dagene til" className="min-w-40">
              {(aria) => (
                <Select {...aria} value={everyone} onChange={(event) => setEveryone(event.target.value)}>
                  {people.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <Button type="button" disabled={move.isPending} onClick={() => void moveAll()}>
              Flytt alle
            </Button>
          </div>
        )}
        <Button type="button" variant={left.length === 0 ? 'default' : 'outline'} className="ml-auto self-end" onClick={onDone}>
          {left.length === 0 ? 'Ferdig' : 'La dagene stå'}
        </Button>
      </div>
    </section>
  )
}
