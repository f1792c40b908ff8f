import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

const schema = z.object({
  valid_days: z
    .string()
    .trim()
    .regex(/^([1-9]\d?|[12]\d\d|3[0-5]\d|36[0-5])$/, 'Skriv hvor mange dager et tilbud gjelder (1 til 365).'),
  terms: z.string().max(10_000, 'Høyst 10 000 tegn.'),
})
type Values = z.infer<typeof schema>

/** What every new quote starts with: how long it is valid and the firm's standard terms.
 * A quote may change both; one already made keeps its own. */
export function QuoteDefaultsForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { valid_days: String(settings.quote_defaults.valid_days), terms: settings.quote_defaults.terms },
  })
  const serverErrors = useServerErrors(form, { 'quote_defaults.valid_days': 'valid_days', 'quote_defaults.terms': 'terms' })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...factsOf(settings), quote_defaults: { valid_days: Number(values.valid_days), terms: values.terms } })
      toast({ title: 'Lagret', description: 'Nye tilbud starter med dette.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      <FormField className="max-w-40" id="quote-valid-days" label="Gyldig i (dager)" error={errors.valid_days?.message}>
        {(control) => <Input inputMode="numeric" {...form.register('valid_days')} {...control} />}
      </FormField>
      <FormField id="quote-terms" label="Standardvilkår" error={errors.terms?.message}>
        {(control) => <Textarea rows={4} {...form.register('terms')} {...control} />}
      </FormField>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre tilbudsstandard'}
      </Button>
    </form>
  )
}
