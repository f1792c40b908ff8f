import { Download, Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select, Textarea } from '@/components/ui/input'
import { formatDateTime } from '@/lib/format'
import { useServerErrors } from '@/lib/forms'
import {
  type Declaration,
  declarationPdfHref,
  useDeclaration,
  useSaveDeclaration,
  useSignDeclaration,
  WORK_KIND_LABEL,
  type WorkKind,
} from '../api/declarations'
import { DeclarationPhotos } from './declaration-photos'

type Values = Pick<Declaration, 'address' | 'kind' | 'description' | 'norms' | 'risk' | 'checks' | 'circuits' | 'responsible_certificate'> & {
  responsible_id: string
}

const CIRCUIT_FIELDS = [
  ['number', 'Kurs'],
  ['purpose', 'Formål'],
  ['protection', 'Vern'],
  ['cable', 'Kabel'],
  ['rcd', 'Jordfeilvern'],
] as const

/** The signed declaration: what it says, and its PDF. */
function Signed({ declaration, jobId }: { declaration: Declaration; jobId: string }) {
  return (
    <div className="grid gap-2 text-sm">
      <p>
        Signert {declaration.signed_at ? formatDateTime(declaration.signed_at) : ''} av {declaration.responsible_name} (
        {declaration.responsible_certificate}). {WORK_KIND_LABEL[declaration.kind]},{' '}
        {declaration.circuits.length === 1 ? '1 kurs' : `${declaration.circuits.length} kurser`}. Kunden finner den
        på dokumentsiden og tilbudssiden når oppdraget er ferdig.
      </p>
      <a href={declarationPdfHref(jobId)} className="inline-flex w-fit items-center gap-1 text-primary underline-offset-4 hover:underline">
        <Download className="size-4" aria-hidden="true" /> Samsvarserklæring (PDF)
      </a>
    </div>
  )
}

/** The draft's form: what § 13 asks the declaration to hold, saved as a draft, then signed
 * by the responsible person. The server names what is missing under each field. */
function DraftForm({ declaration, jobId, staff }: { declaration: Declaration; jobId: string; staff: { id: string; name: string }[] }) {
  const save = useSaveDeclaration(jobId)
  const sign = useSignDeclaration(jobId)
  const toast = useToast()
  const form = useForm<Values>({
    defaultValues: {
      address: declaration.address,
      kind: declaration.kind,
      description: declaration.description,
      norms: declaration.norms,
      risk: declaration.risk,
      checks: declaration.checks,
      circuits: declaration.circuits,
      responsible_id: declaration.responsible_id ?? '',
      responsible_certificate: declaration.responsible_certificate,
    },
  })
  const circuits = useFieldArray({ control: form.control, name: 'circuits' })
  const serverErrors = useServerErrors(form)
  const { errors } = form.formState
  // A list's own message (the server's, set on the list's name) is its root's; a check
  // item's text is not typed here, so its message is said under its list.
  const listError = (key: 'risk' | 'checks' | 'circuits') => {
    const error = errors[key] as ({ message?: string; root?: { message?: string } } & Record<number, { text?: { message?: string } }>) | undefined
    const items = key === 'circuits' ? [] : Object.values(error ?? {}).map((item) => (item as { text?: { message?: string } })?.text?.message)
    return error?.message ?? error?.root?.message ?? items.find(Boolean)
  }
  // The firm's registration is set in Innstillinger, not here: its message goes above the form.
  const registrationError = (errors as Record<string, { message?: string } | undefined>).registration?.message

  const saveDraft = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
      toast({ title: 'Utkastet er lagret' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke lagre', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  const signNow = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
      const signed = await sign.mutateAsync()
      if (signed.emailed_to) toast({ title: 'Samsvarserklæringen er signert', description: `Sendt til ${signed.emailed_to} som PDF.` })
      else toast({ title: 'Samsvarserklæringen er signert, men ikke sendt', description: signed.notice ?? undefined, variant: 'destructive' })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kan ikke signere ennå', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  return (
    // The server's messages on the lists (set on names no input has) would otherwise stay
    // and hold back the next submit: each try starts clean.
    <form
      onSubmit={(event) => {
        form.clearErrors()
        void saveDraft(event)
      }}
      noValidate
      className="grid gap-4"
      aria-label="Samsvarserklæring"
    >
      {registrationError ? (
        <p className="text-sm text-destructive">
          {registrationError}
        </p>
      ) : (
        declaration.registration === '' && (
          <p className="text-sm text-muted-foreground">Firmaets registreringsnummer i Elvirksomhetsregisteret settes under Innstillinger.</p>
        )
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="declaration-address" label="Anleggsadresse" error={errors.address?.message}>
          {(control) => <Input {...form.register('address')} {...control} />}
        </FormField>
        <FormField id="declaration-kind" label="Arbeidet gjelder" error={errors.kind?.message}>
          {(control) => (
            <Select {...form.register('kind')} {...control}>
              {(Object.keys(WORK_KIND_LABEL) as WorkKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {WORK_KIND_LABEL[kind]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField id="declaration-description" label="Beskrivelse av arbeidet" error={errors.description?.message}>
        {(control) => <Textarea rows={3} {...form.register('description')} {...control} />}
      </FormField>
      <FormField id="declaration-norms" label="Normer" error={errors.norms?.message}>
        {(control) => <Input {...form.register('norms')} {...control} />}
      </FormField>
      {(
        [
          ['risk', 'Risikovurdering (§ 16)', declaration.risk],
          ['checks', 'Sluttkontroll', declaration.checks],
        ] as const
      ).map(([key, legend, items]) => (
        <fieldset key={key} className="grid gap-2" aria-describedby={listError(key) ? `declaration-${key}-error` : undefined}>
          <legend className="mb-1 text-sm font-semibold">{legend}</legend>
          {items.map((item, index) => (
            <label key={index} className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...form.register(`${key}.${index}.done`)} />
              <span>{item.text}</span>
            </label>
          ))}
          {listError(key) && (
            <p id={`declaration-${key}-error`} className="text-sm text-destructive">
              {listError(key)}
            </p>
          )}
        </fieldset>
      ))}
      <fieldset className="grid gap-3" aria-describedby={listError('circuits') ? 'declaration-circuits-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold">Kursfortegnelse</legend>
        {circuits.fields.map((field, index) => (
          <div key={field.id} className="grid items-end gap-2 rounded-lg border border-border p-2 sm:grid-cols-[4rem_1fr_5rem_8rem_8rem_auto]">
            {CIRCUIT_FIELDS.map(([name, label]) => (
              <FormField
                key={name}
                id={`circuit-${index}-${name}`}
                error={errors.circuits?.[index]?.[name]?.message}
                label={
                  <>
                    {label}
                    <span className="sr-only"> (rad {index + 1})</span>
                  </>
                }
              >
                {(control) => <Input {...form.register(`circuits.${index}.${name}`)} {...control} />}
              </FormField>
            ))}
            <Button type="button" variant="ghost" size="sm" className="w-fit" onClick={() => circuits.remove(index)}>
              <Trash2 aria-hidden="true" /> Fjern kurs {index + 1}
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => circuits.append({ number: String(circuits.fields.length + 1), purpose: '', protection: '', cable: '', rcd: '' })}
        >
          <Plus aria-hidden="true" /> Legg til kurs
        </Button>
        {listError('circuits') && (
          <p id="declaration-circuits-error" className="text-sm text-destructive">
            {listError('circuits')}
          </p>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="declaration-responsible" label="Faglig ansvarlig" hint="Bare den ansvarlige selv kan signere, innlogget med egen bruker." error={errors.responsible_id?.message}>
          {(control) => (
            <Select {...form.register('responsible_id')} {...control}>
              <option value="">Velg ansvarlig</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="declaration-certificate" label="Den ansvarliges kvalifikasjon" hint="For eksempel «Autorisert elinstallatør, gruppe L»." error={errors.responsible_certificate?.message}>
          {(control) => <Input {...form.register('responsible_certificate')} {...control} />}
        </FormField>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Lagre utkast
        </Button>
        <Button type="button" disabled={save.isPending || sign.isPending} onClick={() => {
            form.clearErrors()
            void signNow()
          }}>
          Signer erklæringen
        </Button>
      </div>
    </form>
  )
}

/** A job's samsvarserklæring (forskrift om elektriske lavspenningsanlegg §§ 12-13): the
 * draft's form, or the signed declaration and its PDF. */
export function JobDeclaration({ jobId, staff }: { jobId: string; staff: { id: string; name: string }[] }) {
  const declaration = useDeclaration(jobId)
  return (
    <section aria-labelledby="job-declaration" className="rounded-2xl border border-border bg-card p-4">
      {/* Only electrical work needs one: closed until it is signed or opened. */}
      <details open={Boolean(declaration.data?.signed_at)} className="grid gap-3">
        <summary className="cursor-pointer">
          <h2 id="job-declaration" className="inline text-lg font-semibold">
            Samsvarserklæring
          </h2>{' '}
          <span className="text-sm text-muted-foreground">(elektriske installasjoner)</span>
        </summary>
        <div className="mt-3">
          {declaration.isError && <p className="text-destructive">Kunne ikke hente samsvarserklæringen.</p>}
          {declaration.data &&
            (declaration.data.signed_at ? (
              <Signed declaration={declaration.data} jobId={jobId} />
            ) : (
              <DraftForm declaration={declaration.data} jobId={jobId} staff={staff} />
            ))}
          {declaration.data && <DeclarationPhotos jobId={jobId} signed={Boolean(declaration.data.signed_at)} />}
        </div>
      </details>
    </section>
  )
}
