import { useForm } from 'react-hook-form'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

type Values = { registration: string; norms: string; risk: string; checks: string }

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** What a new samsvarserklæring starts with: the firm's registration in DSB's
 * Elvirksomhetsregisteret, the norms, and the risk assessment's and final check's points,
 * one per line. A declaration already made keeps its own. */
export function DeclarationDefaultsForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const defaults = settings.declaration_defaults
  const form = useForm<Values>({
    defaultValues: {
      registration: defaults.registration ?? '',
      norms: defaults.norms,
      risk: defaults.risk.join('\n'),
      checks: defaults.checks.join('\n'),
    },
  })
  const serverErrors = useServerErrors(form, {
    'declaration_defaults.registration': 'registration',
    'declaration_defaults.norms': 'norms',
    'declaration_defaults.risk': 'risk',
    'declaration_defaults.checks': 'checks',
  })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...factsOf(settings),
        declaration_defaults: {
          registration: values.registration.trim() || null,
          norms: values.norms,
          risk: lines(values.risk),
          checks: lines(values.checks),
        },
      })
      toast({ title: 'Lagret', description: 'Nye samsvarserklæringer starter med dette.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      <FormField className="max-w-64" id="declaration-registration" label="Registreringsnummer i Elvirksomhetsregisteret" error={errors.registration?.message}>
        {(control) => <Input {...form.register('registration')} {...control} />}
      </FormField>
      <FormField id="declaration-default-norms" label="Normer" error={errors.norms?.message}>
        {(control) => <Input {...form.register('norms')} {...control} />}
      </FormField>
      <FormField id="declaration-default-risk" label="Risikovurdering (ett punkt per linje)" error={errors.risk?.message}>
        {(control) => <Textarea rows={4} {...form.register('risk')} {...control} />}
      </FormField>
      <FormField id="declaration-default-checks" label="Sluttkontroll (ett punkt per linje)" error={errors.checks?.message}>
        {(control) => <Textarea rows={5} {...form.register('checks')} {...control} />}
      </FormField>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre erklæringsstandard'}
      </Button>
    </form>
  )
}
