import { zodResolver } from '@hookform/resolvers/zod'
import { MapPin } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import { useClearToasts, useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/input'
import { reasonOf } from '@/lib/api'
import { formatPlanDay } from '@/lib/days'
import { clockOf } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import { paths } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { type Planned, timeOf, useMovePlanDay, useRemovePlanDay } from '../api/planning'
import { type Person, PLAN_LENGTHS, TimeFields } from './plan-dialog'
import { STICKY_FOOTER } from './sticky'

const schema = z.object({
  user_id: z.string().min(1, 'Velg en person.'),
  day: z.string().min(1, 'Velg en dag.').refine(isDay, BAD_DAY),
  starts_at: z.string(),
  minutes: z.string(),
})
type Values = z.infer<typeof schema>

/** A planned day: its job and customer, and moved (another person, day, time) or
 * removed. Its calendar event follows either way. */
export function DayDialog({
  plan,
  person,
  people,
  onOpenChange,
}: {
  plan: Planned | null
  person: string
  people: Person[]
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={onOpenChange}
      title={plan ? plan.job_title : 'Planlagt dag'}
      description={plan && `${person}, ${formatPlanDay(plan.day)}, ${timeOf(plan)}`}
      className="max-w-xl"
    >
      {plan && <DayForm key={plan.id} plan={plan} people={people} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

function DayForm({ plan, people, onDone }: { plan: Planned; people: Person[]; onDone: () => void }) {
  const toast = useToast()
  const clearToasts = useClearToasts()
  const move = useMovePlanDay()
  const remove = useRemovePlanDay()
  const lengths = PLAN_LENGTHS.some(([minutes]) => minutes === String(plan.minutes ?? ''))
    ? PLAN_LENGTHS
    : [...PLAN_LENGTHS, [String(plan.minutes), `${plan.minutes} minutter`] as [string, string]]
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      user_id: plan.user_id,
      day: plan.day,
      starts_at: plan.starts_at === null || plan.starts_at === undefined ? '' : clockOf(plan.starts_at),
      minutes: plan.minutes === null || plan.minutes === undefined ? '' : String(plan.minutes),
    },
  })
  const { register, handleSubmit, control, formState } = form
  const serverErrors = useServerErrors(form, { user_ids: 'user_id' })
  const submit = handleSubmit(async (values) => {
    const allDay = !values.starts_at && !values.minutes
    try {
      await move.mutateAsync({
        id: plan.id,
        body: allDay
          ? { user_id: values.user_id, day: values.day, all_day: true }
          : { user_id: values.user_id, day: values.day, starts_at: values.starts_at, minutes: values.minutes ? Number(values.minutes) : null },
      })
      clearToasts()
      toast({ title: 'Dagen er flyttet' })
      onDone()
    } catch (error) {
      if (!serverErrors(error)) toast({ title: 'Kunne ikke flytte dagen', description: reasonOf(error), variant: 'destructive' })
    }
  })
  const err = (field: keyof Values) => formState.errors[field]?.message
  return (
    <div className="grid gap-4">
      <div className="text-sm">
        <p>{plan.customer_name}</p>
        {plan.customer_address && (
          <p className="flex items-center gap-1 text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" /> {plan.customer_address}
          </p>
        )}
        <Link to={paths.admin.job(plan.job_id)} className="text-primary underline underline-offset-4">
          Åpne oppdraget
        </Link>
      </div>
      <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="day-user_id" label="Hvem" error={err('user_id')}>
            {(aria) => (
              <Select {...register('user_id')} {...aria}>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="day-day" label="Dag" error={err('day')}>
            {(aria) => (
              <Controller
                control={control}
                name="day"
                render={({ field }) => <DayInput {...aria} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
              />
            )}
          </FormField>
          <TimeFields prefix="day" start={register('starts_at')} length={register('minutes')} errors={[err('starts_at'), err('minutes')]} lengths={lengths} />
        </div>
        <div className={cn(STICKY_FOOTER, 'justify-between')}>
          <Button
            type="button"
            variant="outline"
            className="text-destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutateAsync(plan.id).then(
                () => {
                  toast({ title: 'Dagen er fjernet', description: 'Kalenderen får beskjed.' })
                  onDone()
                },
                (error: unknown) => toast({ title: 'Kunne ikke fjerne dagen', description: reasonOf(error), variant: 'destructive' }),
              )
            }
          >
            Fjern dagen
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            Lagre
          </Button>
        </div>
      </form>
    </div>
  )
}
