import { zodResolver } from '@hookform/resolvers/zod'
import { Trash2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { formatDateTime } from '@/lib/format'
import { CATALOGUE_VAT, kroner, kronerField, lineAmounts, netOfGross, parseKroner, parseQuantity, quantityField } from '@/lib/money'
import { type JobDetail, receiptHref, useAddMaterial, useDeleteMaterial } from '../api/jobs'
import { MaterialPrice, MaterialWording } from './material-price'

type Unit = JobDetail['lines'][number]['unit']
const UNITS: Record<Unit, string> = { stk: 'stk', time: 'time', m2: 'm²', lm: 'lm' }

const schema = z.object({
  description: z.string().trim().min(1, 'Skriv hva materialet er.'),
  quantity: z.string().refine((text) => (parseQuantity(text) ?? 0) > 0, 'Skriv antallet som et tall, for eksempel 2 eller 2,5.'),
  unit: z.enum(['stk', 'time', 'm2', 'lm']),
  unit_price: z.string().refine((text) => parseKroner(text) !== null, 'Skriv prisen som et beløp, for eksempel 249 eller 249,50.'),
  /** '' none, 'extra' tilleggsarbeid not yet agreed, or a change order's id. */
  extra: z.string(),
  /** The catalogue's service the line was picked from, or ''. */
  service_id: z.string(),
})
type Values = z.infer<typeof schema>
const EMPTY: Values = { description: '', quantity: '1', unit: 'stk', unit_price: '', extra: '', service_id: '' }

/** A service of the firm's catalogue ("Pris fra" in whole kroner, including MVA as the public site says). */
export type CatalogueService = { id: string; name: string; price_from: number | null }

/** A job's materials: what was added, by whom and when, and a line to add (typed, or
 * picked from the catalogue, its price excluding MVA as a quote's catalogue line gets it;
 * marked as tilleggsarbeid or not). Amounts are excluding MVA. */
export function JobMaterials({ job, catalogue = [] }: { job: JobDetail; catalogue?: CatalogueService[] }) {
  const add = useAddMaterial(job.id)
  const remove = useDeleteMaterial(job.id)
  const toast = useToast()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY })
  const { register, handleSubmit, formState, reset, setValue } = form
  const serverErrors = useServerErrors(form)
  const err = (field: keyof Values) => formState.errors[field]?.message

  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        ...values,
        service_id: values.service_id || null,
        extra: values.extra !== '',
        change_id: values.extra === '' || values.extra === 'extra' ? null : values.extra,
        quantity: parseQuantity(values.quantity) ?? 0,
        unit_price: parseKroner(values.unit_price) ?? 0,
        vat: 25,
      })
      reset(EMPTY)
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Kunne ikke føre materiellet', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })

  // Only an open job takes materials (the server refuses the rest).
  const open = job.status === 'planned' || job.status === 'in_progress'
  return (
    <section aria-labelledby="job-materials" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <h2 id="job-materials" className="text-lg font-semibold">Materiell</h2>
      {job.materials.length === 0 ? (
        <p className="text-muted-foreground">Ikke noe materiell ført ennå.</p>
      ) : (
        <ul className="grid gap-2">
          {job.materials.map((material) => (
            <li key={material.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-border pb-2 last:border-0">
              <span>
                <span className="font-medium">{material.description}</span>
                {material.extra && <span className="ml-2 text-sm text-accent-strong dark:text-accent">Tilleggsarbeid</span>}
                {material.held && <span className="ml-2 text-sm font-semibold text-destructive">Venter på § 7-kontakt</span>}
                {material.price_missing && <span className="ml-2 text-sm font-semibold text-destructive">Mangler pris</span>}
                <span className="block text-sm text-muted-foreground">
                  {quantityField(material.quantity)} {UNITS[material.unit]}
                  {material.price_missing ? '' : ` à ${kroner(material.unit_price)}`}, ført av {material.added_by} {formatDateTime(material.created_at)}
                </span>
                {material.receipt && (
                  <a href={receiptHref(job.id, material.id)} target="_blank" rel="noreferrer" className="text-sm text-primary underline-offset-4 hover:underline">
                    Se bildet av kvitteringen
                  </a>
                )}
                {material.price_missing && open && <MaterialPrice jobId={job.id} material={material} />}
                {open && <MaterialWording key={material.description} jobId={job.id} material={material} />}
              </span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{kroner(lineAmounts(material.quantity, material.unit_price, 0).net)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Fjern ${material.description}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(material.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 sm:items-start" aria-label="Før materiell">
          {catalogue.length > 0 && (
            <FormField id="material-catalogue" label="Fra tjenestekatalogen" className="sm:col-span-2" hint="Prisen blir katalogprisen uten MVA.">
              {(control) => (
                <Select
                  {...control}
                  value=""
                  onChange={(event) => {
                    const item = catalogue.find((service) => service.id === event.target.value)
                    if (!item) return
                    setValue('service_id', item.id)
                    setValue('description', item.name, { shouldValidate: true })
                    setValue('unit_price', kronerField(netOfGross((item.price_from ?? 0) * 100, CATALOGUE_VAT)), { shouldValidate: true })
                  }}
                >
                  <option value="">Velg en tjeneste</option>
                  {catalogue.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}
                      {service.price_from ? ` (fra ${service.price_from} kr inkl. MVA)` : ''}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <FormField id="material-description" label="Materiell" error={err('description')}>
            {(control) => <Input {...register('description', { onChange: () => setValue('service_id', '') })} {...control} />}
          </FormField>
          <FormField id="material-quantity" label="Antall" error={err('quantity')}>
            {(control) => <Input {...register('quantity')} {...control} inputMode="decimal" />}
          </FormField>
          <FormField id="material-unit" label="Enhet" error={err('unit')}>
            {(control) => (
              <Select {...register('unit')} {...control}>
                {Object.entries(UNITS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="material-price" label="Pris per enhet (kr uten MVA)" error={err('unit_price')}>
            {(control) => <Input {...register('unit_price')} {...control} inputMode="decimal" />}
          </FormField>
          <FormField id="material-extra" label="Tilleggsarbeid" error={err('extra')} className="sm:col-span-2">
            {(control) => (
              <Select {...register('extra')} {...control}>
                <option value="">Nei, arbeid i tilbudet</option>
                {job.changes
                  .filter((change) => !['declined', 'withdrawn', 'replaced'].includes(change.status))
                  .map((change) => (
                    <option key={change.id} value={change.id}>
                      Tilleggsarbeid {change.number}
                      {change.lines[0] ? `: ${change.lines[0].description}` : ''}
                    </option>
                  ))}
                <option value="extra">Ja, ikke avtalt ennå</option>
              </Select>
            )}
          </FormField>
          <Button type="submit" className="w-fit sm:col-span-2 sm:justify-self-end" disabled={add.isPending}>
            Før materiell
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Oppdraget er ferdig. Materiell føres ikke lenger.</p>
      )}
    </section>
  )
}
