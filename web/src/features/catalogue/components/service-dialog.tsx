import { type FormEvent, useEffect, useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FieldError, Input, Label, Textarea } from '@/components/ui/input'
import { ApiError } from '@/lib/api'
import { type AdminService, useSaveService } from '../api/catalogue'

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
  const toast = useToast()
  const save = useSaveService()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [price, setPrice] = useState('')
  const [active, setActive] = useState(true)
  const [errors, setErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    if (!open) return
    setName(service?.name ?? '')
    setDescription(service?.description ?? '')
    setPrice(service?.price_from != null ? String(service.price_from) : '')
    setActive(service?.is_active ?? true)
    setErrors({})
  }, [open, service])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const input = {
      name,
      description,
      price_from: price.trim() === '' ? null : Number(price),
      is_active: active,
      category,
    }
    try {
      await save.mutateAsync({ id: service?.id ?? null, input })
      onOpenChange(false)
      toast({ title: service ? 'Tjeneste oppdatert' : 'Tjeneste opprettet' })
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {})
      toast({
        title: service ? 'Feil ved oppdatering' : 'Feil ved oppretting',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      })
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={service ? 'Rediger tjeneste' : 'Ny tjeneste'}>
      <form onSubmit={submit} className="grid gap-4">
        <div>
          <Label htmlFor="service-name">Navn</Label>
          <Input id="service-name" required value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.name ? true : undefined} data-autofocus />
          <FieldError id="service-name-feil">{errors.name}</FieldError>
        </div>
        <div>
          <Label htmlFor="service-description">Beskrivelse</Label>
          <Textarea id="service-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
          <FieldError id="service-description-feil">{errors.description}</FieldError>
        </div>
        <div>
          <Label htmlFor="service-price">Pris fra (kr)</Label>
          <Input id="service-price" type="number" min={0} step={1} inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
          <FieldError id="service-price-feil">{errors.price_from}</FieldError>
        </div>
        <label className="flex items-center gap-3 font-medium">
          <input type="checkbox" className="size-5 accent-primary" checked={active} onChange={(e) => setActive(e.target.checked)} />
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
    </Dialog>
  )
}
