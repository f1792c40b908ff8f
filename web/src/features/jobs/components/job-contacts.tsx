import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { formatDateTime, norwegianClock, norwegianDay } from '@/lib/format'
import { kroner } from '@/lib/money'
import { type JobDetail, useRecordContact } from '../api/jobs'

const WAYS = ['telefon', 'e-post', 'sms', 'møte'] as const

const schema = z.object({
  how: z.enum(WAYS),
  contacted_at: z.string().min(1, 'Skriv når kunden ble kontaktet.'),
  said: z.string().trim().min(1, 'Skriv hva kunden sa.'),
})
type Values = z.infer<typeof schema>

/** The firm's contact with the customer when the price passes the estimate
 * (håndverkertjenesteloven § 7 (2)): the ones recorded, and the form to record one. */
export function JobContacts({ job }: { job: JobDetail }) {
  const record = useRecordContact(job.id)
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { how: 'telefon', contacted_at: `${norwegianDay()}T${norwegianClock()}`, said: '' },
  })
  const { register, handleSubmit, formState, resetField } = form
  const serverErrors = useServerErrors(form)
  const err = (field: keyof Values) => formState.errors[field]?.message

  const submit = handleSubmit(async (values) => {
    try {
      await record.mutateAsync(values)
      resetField('said')
      toast({ title: 'Kontakten er registrert' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke registrere kontakten', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  return (
    <section aria-labelledby="job-contacts" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-contacts" className="text-lg font-semibold">Kontakt med kunden (§ 7)</h2>
      {job.contacts.length > 0 && (
        <ul className="grid gap-2">
          {job.contacts.map((contact) => (
            <li key={contact.id} className="text-sm">
              <span className="font-medium">
                {formatDateTime(contact.contacted_at)}, {contact.how}
              </span>
              : «{contact.said}» <span className="text-muted-foreground">(brukt {kroner(contact.used)} av {kroner(contact.budget)}, registrert av {contact.recorded_by})</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label="Registrer kontakt med kunden">
        <FormField id="contact-how" label="Hvordan" error={err('how')}>
          {(control) => (
            <Select {...register('how')} {...control}>
              {WAYS.map((way) => (
                <option key={way} value={way}>
                  {way}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="contact-when" label="Når" error={err('contacted_at')}>
          {(control) => <Input {...register('contacted_at')} {...control} type="datetime-local" />}
        </FormField>
        <FormField id="contact-said" label="Hva kunden sa" error={err('said')} className="sm:col-span-2">
          {(control) => <Textarea {...register('said')} {...control} rows={3} />}
        </FormField>
        <Button type="submit" className="w-fit" disabled={record.isPending}>
          Registrer kontakt
        </Button>
      </form>
    </section>
  )
}
