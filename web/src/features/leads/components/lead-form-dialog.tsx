import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { BAD_DAY, DayInput, isDay } from '@/components/ui/day-input'
import { FormField } from '@/components/ui/form-field'
import { FieldError, Input, Select, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type Lead, type StaffMember, useSaveLead } from '../api/leads'
import { TagEditor } from './tag-editor'


// The browser enforces no field in this form (the name is only marked *); the
// server bounds lengths and checks the e-mail, and its messages land under the fields.
const schema = z.object({
  name: z.string(),
  status: z.string(),
  email: z.union([z.literal(''), z.email('Skriv en gyldig e-postadresse.')]),
  phone: z.string(),
  adresse: z.string(),
  postnr: z.string(),
  kilde: z.string(),
  beskrivelse: z.string(),
  tags: z.array(z.string()),
  follow_up: z.string().refine(isDay, BAD_DAY),
  assignee_id: z.string(),
})
type Values = z.infer<typeof schema>
type Field = keyof Values

function toValues(lead: Lead | null, pipeline: string[]): Values {
  return {
    name: lead?.name ?? '',
    status: lead?.status ?? pipeline[0] ?? 'Ny',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    adresse: lead?.adresse ?? '',
    postnr: lead?.postnr ?? '',
    kilde: lead?.kilde ?? 'Web',
    beskrivelse: lead?.beskrivelse ?? '',
    tags: lead?.tags ?? [],
    follow_up: lead?.follow_up ?? '',
    assignee_id: lead?.assignee_id ?? '',
  }
}

export function LeadFormDialog({
  open,
  onOpenChange,
  lead,
  pipeline,
  sources,
  staff,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The lead to edit, or null to create one. */
  lead: Lead | null
  pipeline: string[]
  /** The sources the form offers, from the server (`known_sources`). */
  sources: string[]
  /** Who the lead can be assigned to. */
  staff: StaffMember[]
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={lead ? 'Rediger Lead' : 'Opprett ny Lead'} className="max-w-2xl">
      {/* The dialog mounts its content only while open: each opening starts from `lead`. */}
      <LeadForm lead={lead} pipeline={pipeline} sources={sources} staff={staff} onDone={() => onOpenChange(false)} />
    </Dialog>
  )
}

function LeadForm({
  lead,
  pipeline,
  sources,
  staff,
  onDone,
}: {
  lead: Lead | null
  pipeline: string[]
  sources: string[]
  staff: StaffMember[]
  onDone: () => void
}) {
  const toast = useToast()
  const save = useSaveLead()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: toValues(lead, pipeline) })
  const { register, handleSubmit, control, formState } = form
  const serverErrors = useServerErrors(form)

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: lead?.id ?? null, input: values })
      onDone()
      toast(
        lead
          ? { title: 'Lead oppdatert', description: 'Lead-informasjonen ble oppdatert.' }
          : { title: 'Lead opprettet', description: 'Ny lead ble opprettet.' },
      )
    } catch (error) {
      serverErrors(error)
      toast({
        title: 'Feil',
        description: lead ? 'Kunne ikke oppdatere lead.' : 'Kunne ikke opprette lead.',
        variant: 'destructive',
      })
    }
  })

  const err = (field: Field) => formState.errors[field]?.message

  return (
    <form method="post" onSubmit={submit} className="grid gap-4" noValidate={false}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="lead-name" label="Navn *" error={err('name')}>
          {(control) => <Input {...register('name')} {...control} autoComplete="off" />}
        </FormField>
        <FormField id="lead-status" label="Status" error={err('status')}>
          {(control) => (
            <Select {...register('status')} {...control}>
              {pipeline.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="lead-email" label="E-post" error={err('email')}>
          {(control) => <Input type="email" {...register('email')} {...control} autoComplete="off" />}
        </FormField>
        <FormField id="lead-phone" label="Telefon" error={err('phone')}>
          {(control) => <Input type="tel" {...register('phone')} {...control} autoComplete="off" />}
        </FormField>
        <FormField id="lead-adresse" label="Adresse" error={err('adresse')}>
          {(control) => <Input {...register('adresse')} {...control} autoComplete="off" />}
        </FormField>
        <FormField id="lead-postnr" label="Postnummer" error={err('postnr')}>
          {(control) => <Input {...register('postnr')} {...control} inputMode="numeric" autoComplete="off" />}
        </FormField>
        <FormField id="lead-kilde" label="Kilde" error={err('kilde')}>
          {(control) => (
            <Select {...register('kilde')} {...control}>
              {[...new Set([...sources, lead?.kilde ?? 'Web'])].map((source) => (
                <option key={source}>{source}</option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="lead-assignee_id" label="Ansvarlig" error={err('assignee_id')}>
          {(control) => (
            <Select {...register('assignee_id')} {...control}>
              <option value="">Ingen</option>
              {staff
                .filter((member) => member.is_active || member.id === lead?.assignee_id)
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
            </Select>
          )}
        </FormField>
        <FormField id="lead-follow_up" label="Oppfølging" error={err('follow_up')}>
          {(aria) => (
            <Controller
              control={control}
              name="follow_up"
              render={({ field }) => (
                <DayInput {...aria} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
              )}
            />
          )}
        </FormField>
      </div>
      <FormField id="lead-beskrivelse" label="Beskrivelse" error={err('beskrivelse')}>
        {(control) => <Textarea rows={4} {...register('beskrivelse')} {...control} />}
      </FormField>
      <Controller control={control} name="tags" render={({ field }) => <TagEditor value={field.value} onChange={field.onChange} />} />
      <FieldError id="lead-tags-feil">{err('tags')}</FieldError>
      <div className="mt-2 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          Avbryt
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Lagrer...' : lead ? 'Lagre endringer' : 'Opprett Lead'}
        </Button>
      </div>
    </form>
  )
}
