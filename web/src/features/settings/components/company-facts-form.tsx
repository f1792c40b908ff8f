import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type Settings, splitPhones, useSaveSettings } from '../api/settings'

const FIELDS = [
  { key: 'company_name', label: 'Firmanavn', type: 'text' },
  { key: 'orgnr', label: 'Organisasjonsnummer', type: 'text' },
  { key: 'adresse', label: 'Adresse', type: 'text' },
  { key: 'email', label: 'E-post (vises på nettstedet)', type: 'email' },
  { key: 'global_phone_primary', label: 'Hovednummer', type: 'tel' },
  { key: 'global_phone_extra', label: 'Ekstra telefoner (kommaseparert)', type: 'text' },
  { key: 'founded_year', label: 'Grunnlagt (årstall)', type: 'text' },
] as const

/** What the founding year is for, under its field. */
const YEAR_HINT =
  'Nettstedet skriver «siden …» og hvor mange års erfaring dere har bare når årstallet står her. La feltet stå tomt hvis dere ikke vil si det.'

// Every field may be left empty; the server checks the e-mail and the lengths, and its
// messages land under the fields.
const schema = z.object({
  company_name: z.string(),
  orgnr: z.string(),
  adresse: z.string(),
  email: z.string(),
  global_phone_primary: z.string(),
  global_phone_extra: z.string(),
  founded_year: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'Skriv et årstall med fire sifre, eller la feltet stå tomt.'),
})
type Values = z.infer<typeof schema>

/**
 * The company facts the public site shows. Starts from `settings` when it mounts (the
 * page mounts it once the settings are read); after a save it keeps what was saved.
 */
export function CompanyFactsForm({ settings }: { settings: Settings }) {
  const toast = useToast()
  const save = useSaveSettings()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      company_name: settings.company_name ?? '',
      orgnr: settings.orgnr ?? '',
      adresse: settings.adresse ?? '',
      email: settings.email ?? '',
      global_phone_primary: settings.global_phone_primary ?? '',
      global_phone_extra: settings.global_phone_extra.join(', '),
      founded_year: settings.founded_year ? String(settings.founded_year) : '',
    },
  })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        ...values,
        global_phone_extra: splitPhones(values.global_phone_extra),
        founded_year: values.founded_year ? Number(values.founded_year) : null,
      })
      toast({ title: 'Innstillinger lagret', description: 'Nettstedet viser de nye opplysningene med en gang.' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
      {FIELDS.map((field) => {
        const error = formState.errors[field.key]?.message
        const id = `settings-${field.key}`
        const hint = field.key === 'founded_year' ? YEAR_HINT : undefined
        return (
          <FormField key={field.key} id={id} label={field.label} hint={hint} error={error}>
            {(control) => (
              <Input
                type={field.type}
                inputMode={field.key === 'founded_year' ? 'numeric' : undefined}
                {...register(field.key)}
                {...control}
              />
            )}
          </FormField>
        )
      })}
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Lagrer...' : 'Lagre'}
      </Button>
    </form>
  )
}
