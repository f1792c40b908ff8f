import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FieldError, Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

const WEEKDAYS = ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag'] as const

const schema = z.object({
  days_ahead: z
    .string()
    .trim()
    .regex(/^([1-9]|[1-5]\d|60)$/, 'Skriv hvor mange dager frem kunden kan velge (1 til 60).'),
  weekdays: z.array(z.string()).min(1, 'Velg minst én ukedag dere tar befaring.'),
})
type Values = z.infer<typeof schema>

/** Which days the contact form offers for the site visit ("Når passer det med
 * befaring?"): how many days ahead, and the weekdays the firm visits. */
export function VisitDaysForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      days_ahead: String(settings.visit_days.days_ahead),
      weekdays: settings.visit_days.weekdays.map(String),
    },
  })
  const serverErrors = useServerErrors(form, { 'visit_days.days_ahead': 'days_ahead', 'visit_days.weekdays': 'weekdays' })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...factsOf(settings),
        visit_days: { days_ahead: Number(values.days_ahead), weekdays: values.weekdays.map(Number).sort() },
      })
      toast({ title: 'Lagret', description: 'Kontaktskjemaet tilbyr disse dagene.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      <FormField className="max-w-48" id="visit-days-ahead" label="Dager frem i tid" error={errors.days_ahead?.message}>
        {(control) => <Input inputMode="numeric" {...form.register('days_ahead')} {...control} />}
      </FormField>
      <fieldset aria-describedby={errors.weekdays ? 'visit-weekdays-feil' : undefined}>
        <legend className="mb-1.5 text-sm font-semibold">Ukedager dere tar befaring</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((name, index) => (
            <label key={name} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" value={String(index + 1)} className="size-4" {...form.register('weekdays')} />
              {name}
            </label>
          ))}
        </div>
        <FieldError id="visit-weekdays-feil">{errors.weekdays?.message}</FieldError>
      </fieldset>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre befaringsdager'}
      </Button>
    </form>
  )
}
