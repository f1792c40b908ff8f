import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { norwegianDay } from '@/lib/format'
import { hours, useAddTime, useWeek } from '../api/jobs'

const schema = z.object({
  job_id: z.string().min(1, 'Velg et oppdrag.'),
  day: z.string().min(1, 'Skriv en gyldig dato.'),
  hours: z
    .string()
    .trim()
    .min(1, 'Skriv hvor mange timer.')
    .refine((text) => {
      const value = Number(text.replace(',', '.'))
      return Number.isFinite(value) && value >= 0.25 && value <= 24 && Number.isInteger(value * 4)
    }, 'Timer føres i hele kvarter, fra 0,25 til 24 timer.'),
  starts_at: z.string().trim(),
  note: z.string().max(500, 'Høyst 500 tegn.'),
})
type Values = z.infer<typeof schema>

/**
 * "Før timer for …": the office enters hours for someone else (a montør without a phone,
 * a correction at month end) on one of the jobs the person works on; the entry is the
 * person's in their week, the month and the payroll, and the log says who entered it.
 */
export function OfficeTime({ person, day }: { person: { id: string; name: string }; day: string }) {
  const week = useWeek(day, person.id)
  const add = useAddTime()
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { job_id: '', day: norwegianDay(), hours: '7,5', starts_at: '', note: '' },
  })
  const { register, handleSubmit, formState, resetField } = form
  const serverErrors = useServerErrors(form, { minutes: 'hours' })
  const err = (field: keyof Values) => formState.errors[field]?.message
  const jobs = week.data?.jobs ?? []

  const submit = handleSubmit(async (values) => {
    const minutes = Math.round(Number(values.hours.replace(',', '.')) * 60)
    try {
      await add.mutateAsync({
        id: crypto.randomUUID(),
        user_id: person.id,
        job_id: values.job_id,
        day: values.day,
        minutes,
        note: values.note,
        starts_at: values.starts_at || null,
      })
      resetField('note')
      toast({ title: `${hours(minutes)} er ført for ${person.name}` })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke føre timene', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  if (week.data && jobs.length === 0) {
    return <p className="text-sm text-muted-foreground">{person.name} er ikke satt på noe åpent oppdrag. Sett personen på oppdraget først, så kan du føre timer her.</p>
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-xl border border-border p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_8rem_8rem]" aria-label={`Før timer for ${person.name}`}>
      <h3 className="font-semibold sm:col-span-2 lg:col-span-4">Før timer for {person.name}</h3>
      <FormField id="office-time-job" label="Oppdrag" error={err('job_id')}>
        {(control) => (
          <Select {...register('job_id')} {...control}>
            <option value="">Velg oppdrag</option>
            {jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.title}, {job.customer_name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="office-time-day" label="Dag" error={err('day')}>
        {(control) => <Input {...register('day')} {...control} type="date" max={norwegianDay()} />}
      </FormField>
      <FormField id="office-time-hours" label="Timer" hint="Hele kvarter: 7,5" error={err('hours')}>
        {(control) => <Input {...register('hours')} {...control} inputMode="decimal" autoComplete="off" />}
      </FormField>
      <FormField id="office-time-start" label="Fra kl. (valgfritt)" error={err('starts_at')}>
        {(control) => <Input {...register('starts_at')} {...control} inputMode="numeric" autoComplete="off" placeholder="07:30" />}
      </FormField>
      <FormField id="office-time-note" label="Notat (valgfritt)" error={err('note')} className="sm:col-span-2 lg:col-span-3">
        {(control) => <Input {...register('note')} {...control} />}
      </FormField>
      <Button type="submit" className="self-end" disabled={add.isPending}>
        Før timene
      </Button>
    </form>
  )
}
