import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { parseKroner } from '@/lib/money'
import { paths } from '@/lib/paths'
import { useJobFromLead } from '../api/jobs'

const schema = z.object({
  title: z.string().trim().min(1, 'Skriv hva oppdraget gjelder.'),
  hourly_rate: z.string().refine((text) => parseKroner(text) !== null, 'Skriv timeprisen som et beløp, for eksempel 950 eller 950,50.'),
})
type Values = z.infer<typeof schema>

/** A small call-out at timepris without a quote: what it is and the hourly rate; the job's
 * page opens, where the rest is set. */
export function CalloutForm({ leadId, onDone }: { leadId: string; onDone: () => void }) {
  const make = useJobFromLead(leadId)
  const navigate = useNavigate()
  const toast = useToast()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { title: '', hourly_rate: '' } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)
  const err = (field: keyof Values) => formState.errors[field]?.message
  const submit = handleSubmit(async (values) => {
    try {
      const job = await make.mutateAsync({ title: values.title, hourly_rate: parseKroner(values.hourly_rate) ?? undefined })
      onDone()
      void navigate(paths.admin.job(job.id))
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke lage oppdraget', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} noValidate aria-label="Oppdrag uten tilbud" className="grid gap-3 rounded-lg border border-border p-3">
      <FormField id="callout-title" label="Hva gjelder oppdraget" error={err('title')}>
        {(control) => <Input {...register('title')} {...control} />}
      </FormField>
      <FormField id="callout-rate" label="Timepris (kr uten MVA)" error={err('hourly_rate')}>
        {(control) => <Input {...register('hourly_rate')} {...control} inputMode="decimal" />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={make.isPending}>
          Lag oppdraget
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Avbryt
        </Button>
      </div>
    </form>
  )
}
