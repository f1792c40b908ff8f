import { type FormEvent, useEffect, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FieldError, Input, Label } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { splitPhones, useSaveSettings, useSettings } from '@/features/settings/api/settings'
import { PipelineEditor } from '@/features/settings/components/pipeline-editor'
import { ApiError } from '@/lib/api'
import { useLocation } from 'react-router'
import { useAdminTitle } from '../use-admin-title'

const FIELDS = [
  { key: 'company_name', label: 'Firmanavn', type: 'text' },
  { key: 'orgnr', label: 'Organisasjonsnummer', type: 'text' },
  { key: 'adresse', label: 'Adresse', type: 'text' },
  { key: 'email', label: 'E-post (vises på nettstedet)', type: 'email' },
  { key: 'global_phone_primary', label: 'Hovednummer', type: 'tel' },
  { key: 'global_phone_extra', label: 'Ekstra telefoner (kommaseparert)', type: 'text' },
] as const
type Key = (typeof FIELDS)[number]['key']

export function SettingsPage() {
  useAdminTitle('Innstillinger')
  const toast = useToast()
  const settings = useSettings()
  const save = useSaveSettings()
  const [values, setValues] = useState<Record<Key, string> | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    const s = settings.data
    if (!s) return
    setValues({
      company_name: s.company_name ?? '',
      orgnr: s.orgnr ?? '',
      adresse: s.adresse ?? '',
      email: s.email ?? '',
      global_phone_primary: s.global_phone_primary ?? '',
      global_phone_extra: s.global_phone_extra.join(', '),
    })
  }, [settings.data])

  // The launch checklist links to a card here (#drift): show it once the page is there.
  const { hash } = useLocation()
  const loaded = values !== null
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' })
  }, [loaded, hash])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!values) return
    setErrors({})
    try {
      await save.mutateAsync({ ...values, global_phone_extra: splitPhones(values.global_phone_extra) })
      toast({ title: 'Innstillinger lagret', description: 'Nettstedet viser de nye opplysningene med en gang.' })
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {})
      toast({ title: 'Feil', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  }

  if (settings.isPending || !values) return settings.isError ? <p className="text-destructive">Kunne ikke hente innstillingene.</p> : <Spinner label="Laster..." />

  const server = settings.data?.server
  return (
    <>
      <h1 className="text-3xl font-bold">Innstillinger</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-xl font-semibold">Firma</h2>
          <form onSubmit={submit} className="mt-4 grid gap-4">
            {FIELDS.map((field) => (
              <div key={field.key}>
                <Label htmlFor={`settings-${field.key}`}>{field.label}</Label>
                <Input
                  id={`settings-${field.key}`}
                  type={field.type}
                  value={values[field.key]}
                  onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
                  aria-invalid={errors[field.key] ? true : undefined}
                />
                <FieldError id={`settings-${field.key}-feil`}>{errors[field.key]}</FieldError>
              </div>
            ))}
            <Button type="submit" className="w-fit" disabled={save.isPending}>
              {save.isPending ? 'Lagrer...' : 'Lagre'}
            </Button>
          </form>
        </Card>
        <Card className="p-6">
          <h2 className="text-xl font-semibold">Lead-pipeline</h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            Statusene i Henvendelser, i rekkefølge. Gi en status nytt navn, så følger leadsene med. En status med leads kan
            ikke fjernes. Velg hva hver status betyr (åpen, vunnet eller tapt): tallene på oversikten følger betydningen,
            ikke navnet.
          </p>
          <PipelineEditor pipeline={settings.data?.lead_pipeline ?? []} />
        </Card>
        {server && (
          <Card className="p-6" id="drift">
            <h2 className="text-xl font-semibold">Drift</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Dette settes av den som drifter serveren, ikke her. Se README-filen for innstillingene.
            </p>
            <dl className="mt-4 grid gap-4">
              <div>
                <dt className="text-sm font-semibold">Nettstedets adresse</dt>
                <dd className="break-all">
                  {server.public_url}{' '}
                  {server.https ? (
                    <span className="text-muted-foreground">(HTTPS)</span>
                  ) : (
                    <span className="font-medium text-destructive">(uten HTTPS: sett FAGFOLK_PUBLIC_URL til en https-adresse)</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold">Varsel om nye henvendelser på e-post</dt>
                <dd className="break-all">
                  {server.notify_to ? (
                    <>Sendes til {server.notify_to}</>
                  ) : (
                    <span className="font-medium text-destructive">
                      Ikke satt opp: sett FAGFOLK_SMTP_URL og FAGFOLK_NOTIFY_TO
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          </Card>
        )}
      </div>
    </>
  )
}
