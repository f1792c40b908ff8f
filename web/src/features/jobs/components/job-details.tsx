import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { kroner, kronerField, parseKroner } from '@/lib/money'
import { JOB_STATUS_LABEL, type JobDetail, type JobStatus, useUpdateJob } from '../api/jobs'

const CHOOSABLE: JobStatus[] = ['planned', 'in_progress', 'done']

const schema = z.object({
  status: z.enum(['planned', 'in_progress', 'done', 'invoiced']),
  start_day: z.string().refine(isDay, BAD_DAY),
  end_day: z.string().refine(isDay, BAD_DAY),
  hourly_rate: z.string().refine((text) => parseKroner(text) !== null, 'Skriv timeprisen som et beløp, for eksempel 950 eller 950,50.'),
  workers: z.array(z.string()),
})
type Values = z.infer<typeof schema>

/** Who may be put on a job: the active users, with their role. */
export type Staff = { id: string; name: string; role: string; is_active: boolean }

/** The office's edits of a job: its state, its days, its hourly rate and who works on it.
 * What was typed stays when the server refuses it, with the message under its field. */
export function JobDetails({ job, staff }: { job: JobDetail; staff: Staff[] }) {
  const update = useUpdateJob(job.id)
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      status: job.status,
      start_day: job.start_day ?? '',
      end_day: job.end_day ?? '',
      hourly_rate: kronerField(job.hourly_rate),
      workers: job.workers.map((worker) => worker.user_id),
    },
  })
  const { register, handleSubmit, formState, control } = form
  const serverErrors = useServerErrors(form)
  const err = (field: keyof Values) => formState.errors[field]?.message
  const save = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, hourly_rate: parseKroner(values.hourly_rate) ?? undefined })
      toast({ title: 'Oppdraget er lagret' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke lagre oppdraget', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={save} noValidate aria-labelledby="job-details" className="grid gap-4 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-details" className="text-lg font-semibold">Oppdraget</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="job-status" label="Status" error={err('status')}>
          {(field) => (
            <Select {...register('status')} {...field}>
              {(job.status === 'invoiced' ? ['invoiced' as const] : CHOOSABLE).map((value) => (
                <option key={value} value={value}>
                  {JOB_STATUS_LABEL[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="job-rate" label="Timepris (kr uten MVA)" error={err('hourly_rate')} hint={`Nå: ${kroner(job.hourly_rate)}`}>
          {(field) => <Input {...register('hourly_rate')} {...field} inputMode="decimal" />}
        </FormField>
        <FormField id="job-start" label="Startdag" error={err('start_day')}>
          {(field) => (
            <Controller control={control} name="start_day" render={({ field: day }) => <DayInput {...field} value={day.value} onChange={day.onChange} />} />
          )}
        </FormField>
        <FormField id="job-end" label="Sluttdag" error={err('end_day')}>
          {(field) => (
            <Controller control={control} name="end_day" render={({ field: day }) => <DayInput {...field} value={day.value} onChange={day.onChange} />} />
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium">Hvem jobber på oppdraget</legend>
        {staff
          .filter((user) => user.is_active)
          .map((user) => (
            <label key={user.id} className="flex items-center gap-2">
              <input type="checkbox" className="size-5" value={user.id} {...register('workers')} />
              {user.name}
              {user.role === 'montor' && <span className="text-sm text-muted-foreground">(montør)</span>}
            </label>
          ))}
        {err('workers') && <p className="text-sm text-destructive">{err('workers')}</p>}
      </fieldset>
      <Button type="submit" className="w-fit" disabled={update.isPending}>
        Lagre oppdraget
      </Button>
    </form>
  )
}
