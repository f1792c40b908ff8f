import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { norwegianClock, norwegianDay } from '@/lib/format'
import { AGREEMENT_LABEL, type Agreement, useRecordAgreement } from '../api/jobs'

const WAYS = ['phone', 'unreachable', 'damage'] as const satisfies readonly Agreement[]

const schema = z
  .object({
    how: z.enum(WAYS),
    name: z.string().trim(),
    at: z.string().min(1, 'Skriv når det ble avtalt.'),
    note: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.how === 'phone' && !values.name) context.addIssue({ code: 'custom', path: ['name'], message: 'Skriv hvem du snakket med.' })
    if (!values.note)
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message: values.how === 'phone' ? 'Skriv hva kunden sa ja til.' : 'Skriv hvorfor arbeidet ble gjort uten kundens svar.',
      })
  })
type Values = z.infer<typeof schema>

/** A change order agreed other than on its page: on the phone (who, when, what was said),
 * or carried out under håndverkertjenesteloven § 9 with the reason. The firm must be able
 * to prove it when it charges for the work (§ 33), so each way asks for its evidence. */
export function ChangeAgreement({ quoteId }: { quoteId: string }) {
  const record = useRecordAgreement(quoteId)
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { how: 'phone', name: '', at: `${norwegianDay()}T${norwegianClock()}`, note: '' },
  })
  const { register, handleSubmit, formState, control } = form
  const serverErrors = useServerErrors(form)
  const err = (field: keyof Values) => formState.errors[field]?.message
  const phone = useWatch({ control, name: 'how' }) === 'phone'

  const submit = handleSubmit(async (values) => {
    try {
      await record.mutateAsync({ ...values, name: phone ? values.name : null })
      toast({ title: 'Tilleggsarbeidet er registrert som avtalt' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke registrere avtalen', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  return (
    <section aria-labelledby="change-agreement" className="grid max-w-2xl gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="change-agreement" className="text-lg font-semibold">Avtalt uten lenken</h2>
      <p className="text-sm text-muted-foreground">
        Har kunden sagt ja på telefon, eller måtte arbeidet gjøres før kunden kunne svare (§ 9)? Registrer det her. Kunden kan da ikke lenger svare på lenken.
      </p>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label="Registrer tilleggsarbeidet som avtalt">
        <FormField id="agreement-how" label="Hvordan" error={err('how')} className="sm:col-span-2">
          {(control) => (
            <Select {...register('how')} {...control}>
              {WAYS.map((way) => (
                <option key={way} value={way}>
                  {AGREEMENT_LABEL[way]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {phone && (
          <FormField id="agreement-name" label="Hvem du snakket med" error={err('name')}>
            {(control) => <Input {...register('name')} {...control} autoComplete="off" />}
          </FormField>
        )}
        <FormField id="agreement-at" label="Når" error={err('at')}>
          {(control) => <Input {...register('at')} {...control} type="datetime-local" />}
        </FormField>
        <FormField id="agreement-note" label={phone ? 'Hva kunden sa ja til' : 'Hvorfor'} error={err('note')} className="sm:col-span-2">
          {(control) => <Textarea {...register('note')} {...control} rows={3} />}
        </FormField>
        <Button type="submit" className="w-fit" disabled={record.isPending}>
          Registrer som avtalt
        </Button>
      </form>
    </section>
  )
}
