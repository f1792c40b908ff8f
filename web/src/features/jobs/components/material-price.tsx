import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { parseKroner } from '@/lib/money'
import { type JobDetail, useChangeMaterial } from '../api/jobs'

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
