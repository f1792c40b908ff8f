import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { parseKroner } from '@/lib/money'
import { type JobDetail, useChangeMaterial, useCorrectMaterial } from '../api/jobs'

type Material = JobDetail['materials'][number]

const schema = z.object({
  unit_price: z.string().refine((text) => (parseKroner(text) ?? -1) >= 0, 'Skriv prisen som et beløp, for eksempel 249 eller 249,50.'),
})
type Values = z.infer<typeof schema>

/** The price a montør's phone left out, set by the office on the job's page (excluding
 * MVA, as every material line); the job is not invoiced before it is set. */
export function MaterialPrice({ jobId, material }: { jobId: string; material: Material }) {
  const change = useChangeMaterial(jobId)
  const toast = useToast()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { unit_price: '' } })
  const serverErrors = useServerErrors(form)
  const id = `price-${material.id}`
  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({
        materialId: material.id,
        body: {
          service_id: material.service_id ?? null,
          description: material.description,
          quantity: material.quantity,
          unit: material.unit,
          unit_price: parseKroner(values.unit_price) ?? 0,
          vat: material.vat,
          extra: material.extra,
          change_id: material.change_id ?? null,
        },
      })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Prisen ble ikke lagret', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <form onSubmit={submit} noValidate aria-label={`Pris på ${material.description}`} className="flex flex-wrap items-end gap-2">
      <FormField id={id} label="Pris per enhet (kr uten MVA)" error={form.formState.errors.unit_price?.message}>
        {(control) => <Input inputMode="decimal" className="w-36" {...form.register('unit_price')} {...control} />}
      </FormField>
      <Button type="submit" variant="outline" disabled={change.isPending}>
        Sett pris
      </Button>
    </form>
  )
}

const wordingSchema = z.object({
  description: z.string().trim().min(1, 'Skriv hva materialet er, slik kunden skal se det på fakturagrunnlaget.'),
})
type Wording = z.infer<typeof wordingSchema>

/** "Rett teksten": the office puts a line's wording right for the customer (a montør may
 * have written it in Polish), as the invoice basis will say it. Only the wording changes:
 * a price still missing stays missing. */
export function MaterialWording({ jobId, material }: { jobId: string; material: Material }) {
  const correct = useCorrectMaterial(jobId)
  const toast = useToast()
  const form = useForm<Wording>({ resolver: zodResolver(wordingSchema), defaultValues: { description: material.description } })
  const serverErrors = useServerErrors(form)
  const id = `wording-${material.id}`
  const submit = form.handleSubmit(async (values) => {
    try {
      await correct.mutateAsync({ materialId: material.id, description: values.description.trim() })
      toast({ title: 'Teksten er rettet', description: values.description.trim() })
    } catch (error) {
      serverErrors(error)
      toast({ title: 'Teksten ble ikke rettet', description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
    }
  })
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-primary underline-offset-4 hover:underline">Rett teksten</summary>
      <form onSubmit={submit} noValidate aria-label={`Rett teksten på ${material.description}`} className="flex flex-wrap items-end gap-2">
        <FormField id={id} label="Slik kunden ser det på fakturagrunnlaget" error={form.formState.errors.description?.message} className="min-w-0 flex-1">
          {(control) => <Input {...form.register('description')} {...control} />}
        </FormField>
        <Button type="submit" variant="outline" disabled={correct.isPending}>
          Lagre teksten
        </Button>
      </form>
    </details>
  )
}
