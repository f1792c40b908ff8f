import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type AdminService, useSaveService } from '../api/catalogue'

// The server bounds the lengths and checks the price; its messages land under the fields.
const schema = z.object({
  name: z.string().trim().min(1, 'Navn er påkrevd.'),
  description: z.string(),
  price: z.string().refine((text) => text.trim() === '' || /^\d+$/.test(text.trim()), 'Prisen må være et helt antall kroner fra 0 og oppover.'),
  is_active: z.boolean(),
})
type Values = z.infer<typeof schema>

function toValues(service: AdminService | null): Values {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    price: service?.price_from != null ? String(service.price_from) : '',
    is_active: service?.is_active ?? true,
  }
}

/** "Ny tjeneste" / "Rediger tjeneste": an empty price is saved as no price (null). */
export function ServiceDialog({
  open,
  onOpenChange,
  service,
  category,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  service: AdminService | null
  category: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={service ? 'Rediger tjeneste' : 'Ny tjeneste'}>
      {/* A new form each time the dialog opens: it starts from the service as it is now. */}
      {open && <ServiceForm key={service?.id ?? 'ny'} service={service} category={category} onOpenChange={onOpenChange} />}
    </Dialog>
  )
}

function ServiceForm({
  service,
  category,
  onOpenChange,
}: {
  service: AdminService | null
  category: string
  onOpenChange: (open: boolean) => void
}) {
  const toast = useToast()
  const save = useSaveService()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: toValues(service) })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form, { price_from: 'price' })

  const submit = handleSubmit(async (values) => {
    const input = {
      name: values.name,
      description: values.description,
      price_from: values.price.trim() === '' ? null : Number(values.price.trim()),
      is_active: values.is_active,
      category,
    }
    try {
      await save.mutateAsync({ id: service?.id ?? null, input })
      onOpenChange(false)
      toast({ title: service ? 'Tjeneste oppdatert' : 'Tjeneste opprettet' })
    } catch (error) {
      serverErrors(error)
      toast({
        title: service ? 'Feil ved oppdatering' : 'Feil ved oppretting',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      })
    }
  })

  const err = (field: keyof Values) => formState.errors[field]?.message

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField id="service-name" label="Navn" error={err('name')}>
        {(control) => <Input {...register('name')} {...control} required data-autofocus />}
      </FormField>
      <FormField id="service-description" label="Beskrivelse" error={err('description')}>
        {(control) => <Textarea rows={3} {...register('description')} {...control} />}
      </FormField>
      <FormField id="service-price" label="Pris fra (kr)" error={err('price')}>
        {(control) => <Input type="number" min={0} step={1} inputMode="numeric" {...register('price')} {...control} />}
      </FormField>
      <label className="flex items-center gap-3 font-medium">
        <input type="checkbox" className="size-5 accent-primary" {...register('is_active')} />
        Aktiv
      </label>
      <div className="mt-2 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Avbryt
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {service ? 'Oppdater' : 'Opprett'}
        </Button>
      </div>
    </form>
  )
}
