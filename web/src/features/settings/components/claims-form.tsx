import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { factsOf, type Settings, useSaveSettings } from '../api/settings'

/** Each promise the pages can make, as staff read it. */
const SWITCHES = [
  { key: 'on_call', label: 'Døgnvakt 24/7', hint: 'Dere svarer og rykker ut hele døgnet, hele året.' },
  { key: 'leak_within_hour', label: 'På plass innen en time ved akutt vannlekkasje i Oslo', hint: undefined },
  { key: 'binding_price', label: 'Bindende pris før oppstart', hint: 'Prisen dere gir etter befaring, gjelder.' },
  { key: 'free_visit', label: 'Gratis befaring', hint: undefined },
] as const

const schema = z.object({
  on_call: z.boolean(),
  leak_within_hour: z.boolean(),
  binding_price: z.boolean(),
  free_visit: z.boolean(),
  warranty_years: z
    .string()
    .trim()
    .regex(/^([1-9]|[12]\d|30)?$/, 'Skriv antall år med garanti (1 til 30), eller la feltet stå tomt.'),
  confirmed: z.boolean(),
})
type Values = z.infer<typeof schema>

/**
 * What the public pages promise. Every promise is a switch: a page states it only while
 * it is on, so the site never claims what the firm does not offer. They start as the
 * example firm's, and the launch checklist names them until someone confirms them here.
 */
export function ClaimsForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const claims = settings.claims
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      on_call: claims.on_call,
      leak_within_hour: claims.leak_within_hour,
      binding_price: claims.binding_price,
      free_visit: claims.free_visit,
      warranty_years: claims.warranty_years ? String(claims.warranty_years) : '',
      confirmed: claims.confirmed,
    },
  })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form, { 'claims.warranty_years': 'warranty_years' })
  const warrantyError = formState.errors.warranty_years?.message

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...factsOf(settings),
        claims: { ...values, warranty_years: values.warranty_years ? Number(values.warranty_years) : null },
      })
      toast({ title: 'Løftene er lagret', description: 'Sidene sier bare det som er slått på.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Dette lover vi på nettstedet</legend>
        {SWITCHES.map((item) => (
          <label key={item.key} className="flex items-start gap-3">
            <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...register(item.key)} />
            <span>
              {item.label}
              {item.hint && <span className="block text-sm text-muted-foreground">{item.hint}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <FormField id="claims-warranty" label="Garanti på arbeidet (år)" hint="Tomt felt: sidene nevner ingen garanti." error={warrantyError}>
        {(control) => <Input inputMode="numeric" className="max-w-32" {...register('warranty_years')} {...control} />}
      </FormField>
      <label className="flex items-start gap-3 rounded-lg border border-border p-3">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...register('confirmed')} />
        <span>
          Dette stemmer for oss
          <span className="block text-sm text-muted-foreground">
            Til dette er krysset av, står løftene som eksempler på sjekklisten på oversikten.
          </span>
        </span>
      </label>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre løftene'}
      </Button>
    </form>
  )
}
