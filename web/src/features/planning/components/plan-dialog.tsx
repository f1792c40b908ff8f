import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle } from 'lucide-react'
import { Controller, useForm, type UseFormRegisterReturn, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useClearToasts, useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { FieldError, Input, Select } from '@/components/ui/input'
import { formatPlanDay } from '@/lib/days'
import { useServerErrors } from '@/lib/forms'
import { cn } from '@/lib/utils'
import { usePlanDays } from '../api/planning'
import { STICKY_FOOTER } from './sticky'

/** The lengths a planned day may have, in minutes; '' is the firm's ordinary day. */
export const PLAN_LENGTHS: [string, string][] = [
  ['', 'Hele arbeidsdagen'],
  ['120', '2 timer'],
  ['180', '3 timer'],
  ['240', '4 timer'],
  ['300', '5 timer'],
  ['360', '6 timer'],
  ['420', '7 timer'],
  ['450', '7,5 timer'],
  ['480', '8 timer'],
]

/** A job one may plan, as the board's list names it. */
export type PlannableJob = { id: string; title: string; customer_name: string; end_day?: string | null }
export type Person = { id: string; name: string }
/** What the dialog starts with: a job, a person, a day, when the office came from one. */
export type PlanStart = { jobId?: string; userId?: string; day?: string }

/** "Fra klokken" and "Lengde", as planning and moving a day both ask them; `lengths` adds
 * to `PLAN_LENGTHS` a length a day already has. */
export function TimeFields({
  prefix,
  start,
  length,
  errors: [startError, lengthError],
  lengths = PLAN_LENGTHS,
}: {
  prefix: string
  start: UseFormRegisterReturn
  length: UseFormRegisterReturn
  errors: [string | undefined, string | undefined]
  lengths?: [string, string][]
}) {
  return (
    <>
      <FormField id={`${prefix}-starts_at`} label="Fra klokken" error={startError} hint="Tom: hele dagen.">
        {(aria) => <Input type="time" step={300} {...start} {...aria} />}
      </FormField>
      <FormField id={`${prefix}-minutes`} label="Lengde" error={lengthError}>
        {(aria) => (
          <Select {...length} {...aria}>
            {lengths.map(([minutes, words]) => (
              <option key={minutes} value={minutes}>
                {words}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </>
  )
}

// The server checks the rest (the span, the people, the time) and its messages land
// under the fields; here only what the form itself can read.
const schema = z
  .object({
    job_id: z.string().min(1, 'Velg et oppdrag.'),
    user_ids: z.array(z.string()).min(1, 'Velg minst én person.'),
    from: z.string().min(1, 'Velg første dag.').refine(isDay, BAD_DAY),
    to: z.string().refine(isDay, BAD_DAY),
    starts_at: z.string(),
    minutes: z.string(),
  })
  .refine((values) => !values.to || !isDay(values.from) || values.to >= values.from, { path: ['to'], message: 'Siste dag kan ikke være før første dag.' })

type Values = z.infer<typeof schema>

/** "Planlegg oppdrag": a job, the people, the first and last day, and from when. The
 * keyboard's and the phone's way to plan (the board's drag plans one day at a time). */
export function PlanDialog({
  open,
  onOpenChange,
  jobs,
  people,
  start,
  onDone,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  jobs: PlannableJob[]
  people: Person[]
  start: PlanStart
  onDone: (planned: number) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Planlegg oppdrag" className="max-w-xl">
      <PlanForm jobs={jobs} people={people} start={start} onDone={onDone} />
    </Dialog>
  )
}

function PlanForm({ jobs, people, start, onDone }: { jobs: PlannableJob[]; people: Person[]; start: PlanStart; onDone: (planned: number) => void }) {
  const toast = useToast()
  const clearToasts = useClearToasts()
  const plan = usePlanDays()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      job_id: start.jobId ?? '',
      user_ids: start.userId ? [start.userId] : [],
      from: start.day ?? '',
      to: start.day ?? '',
      starts_at: '',
      minutes: '',
    },
  })
  const { register, handleSubmit, control, formState } = form
  const serverErrors = useServerErrors(form)
  const submit = handleSubmit(async (values) => {
    try {
      const written = await plan.mutateAsync({
        job_id: values.job_id,
        user_ids: values.user_ids,
        from: values.from,
        to: values.to || null,
        starts_at: values.starts_at || null,
        minutes: values.minutes ? Number(values.minutes) : null,
      })
      clearToasts()
      onDone(written.length)
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: 'Kunne ikke planlegge oppdraget.', variant: 'destructive' })
    }
  })
  const err = (field: keyof Values) => formState.errors[field]?.message
  const [jobId, from, to] = useWatch({ control, name: ['job_id', 'from', 'to'] })
  const endDay = jobs.find((job) => job.id === jobId)?.end_day
  const last = isDay(to) && to ? to : from
  const afterEnd = endDay && isDay(last) && last > endDay ? endDay : null
  return (
    <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
      <FormField id="plan-job_id" label="Oppdrag" error={err('job_id')}>
        {(aria) => (
          <Select {...register('job_id')} {...aria} data-autofocus>
            <option value="">Velg et oppdrag</option>
            {jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title} ({job.customer_name})
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <fieldset className="grid gap-1" aria-describedby={err('user_ids') ? 'plan-user_ids-feil' : undefined}>
        <legend className="mb-1 text-sm font-medium">Hvem</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {people.map((person) => (
            <label key={person.id} className="flex min-h-11 items-center gap-2 rounded-md px-1 hover:bg-muted">
              <input type="checkbox" value={person.id} {...register('user_ids')} className="size-5 accent-primary" />
              {person.name}
            </label>
          ))}
        </div>
        <FieldError id="plan-user_ids-feil">{err('user_ids')}</FieldError>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="plan-from" label="Første dag" error={err('from')}>
          {(aria) => (
            <Controller
              control={control}
              name="from"
              render={({ field }) => <DayInput {...aria} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
            />
          )}
        </FormField>
        <FormField id="plan-to" label="Siste dag" error={err('to')} hint="Tom: bare første dag.">
          {(aria) => (
            <Controller
              control={control}
              name="to"
              render={({ field }) => <DayInput {...aria} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
            />
          )}
        </FormField>
        <TimeFields prefix="plan" start={register('starts_at')} length={register('minutes')} errors={[err('starts_at'), err('minutes')]} />
      </div>
      <p className="text-sm text-muted-foreground">Dagene kommer i kalenderen til dem som er satt opp. En dag en person alt har på oppdraget, blir stående.</p>
      {/* Beside the button, so a phone shows it where "Planlegg" is pressed (the fields
          above scroll under the footer at 375 x 667). */}
      <div className={cn(STICKY_FOOTER, 'justify-end')}>
        {afterEnd && (
          <p className="flex basis-full items-start gap-2 text-sm font-medium text-destructive" data-after-end-warning>
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>Oppdragets siste dag er {formatPlanDay(afterEnd)}. Dager etter den kan planlegges, men blir markert på tavlen.</span>
          </p>
        )}
        <Button type="submit" disabled={formState.isSubmitting}>
          Planlegg
        </Button>
      </div>
    </form>
  )
}
