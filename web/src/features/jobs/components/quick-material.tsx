import { zodResolver } from '@hookform/resolvers/zod'
import { Camera, CloudOff, Minus, Plus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input, Select } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type I18n, useI18n } from '@/lib/i18n'
import { parseQuantity, quantityField } from '@/lib/money'
import { sendReceipt, useAddMaterial, type WorkJob } from '../api/jobs'
import { addHeldNotice } from '../held-notices'
import { keep, noConnection, useOutbox } from '../outbox'

/** The units a montør counts a material in. */
const UNITS = ['stk', 'lm', 'm2'] as const

/** The form's rules, in the screen's language. */
const schemaOf = (t: I18n['t']) =>
  z.object({
    description: z.string().trim().min(1, t('material.whatRequired')),
    quantity: z.string().refine((text) => (parseQuantity(text) ?? 0) > 0, t('material.quantityBad')),
    unit: z.enum(UNITS),
  })
type Values = z.infer<ReturnType<typeof schemaOf>>
const EMPTY: Values = { description: '', quantity: '1', unit: 'stk' }

/**
 * Materials on one job from a phone: what was used (typed, or a service of the catalogue
 * by its name), how much, and an optional photo of the receipt or the part, taken with the
 * camera. No price is asked or shown: the server prices a catalogue service, and the
 * office anything typed (src/jobs/materials.rs). The line carries an id chosen here, so a
 * retry after a lost answer is not written twice.
 */
export function QuickMaterial({ job, catalogue, owner }: { job: WorkJob; catalogue: { id: string; name: string }[]; owner: string }) {
  const add = useAddMaterial(job.id)
  const toast = useToast()
  const i18n = useI18n()
  const { t, server } = i18n
  const form = useForm<Values>({ resolver: zodResolver(schemaOf(t)), defaultValues: EMPTY })
  const { register, handleSubmit, formState, reset, setValue, getValues } = form
  const serverErrors = useServerErrors(form)
  const [lineId, setLineId] = useState(() => crypto.randomUUID())
  const [photo, setPhoto] = useState<File | null>(null)
  const id = `material-${job.id}`
  const step = (by: number) => {
    const now = parseQuantity(getValues('quantity')) ?? 100
    setValue('quantity', quantityField(Math.max(100, now + by * 100)))
  }

  const submit = handleSubmit(async (values) => {
    const quantity = parseQuantity(values.quantity) ?? 0
    const picked = catalogue.find((service) => service.name.toLowerCase() === values.description.trim().toLowerCase())
    const what = t('material.line', { quantity: i18n.quantity(quantity), unit: t(`unit.${values.unit}`), what: values.description.trim() })
    const body = {
      id: lineId,
      description: values.description.trim(),
      quantity,
      unit: values.unit,
      unit_price: 0,
      vat: 25,
      service_id: picked?.id ?? null,
      extra: false,
      change_id: null,
    }
    const done = () => {
      reset(EMPTY)
      setPhoto(null)
      setLineId(crypto.randomUUID())
    }
    try {
      const line = await add.mutateAsync(body)
      if (photo && !line.receipt) {
        await sendReceipt(job.id, line.id, photo).catch((error: unknown) =>
          toast({
            title: t('material.photoFailed'),
            description: `${t('material.photoFailedHint')} ${error instanceof Error ? server(error.message) : ''}`.trim(),
            variant: 'destructive',
          }),
        )
      }
      if (line.held) addHeldNotice({ id: line.id, what: t('material.on', { what, job: job.title }) })
      toast({ title: t('material.saved', { what }), description: line.held ? t('time.heldHint') : job.title })
      done()
    } catch (error) {
      // No network (a basement): kept on the phone, the photo too, and sent when it is back.
      if (noConnection(error)) {
        try {
          const pending = { id: lineId, owner, when: new Date().toISOString(), what: t('material.on', { what, job: job.title }) }
          await keep({ ...pending, kind: 'material', jobId: job.id, body, photo: photo ?? undefined })
          toast({ title: t('material.kept', { what }), description: t('time.keptHint') })
          done()
          return
        } catch {
          // Nowhere to keep it: said below, and the form keeps what was typed.
        }
      }
      serverErrors(error)
      toast({ title: t('material.failed'), description: error instanceof Error ? server(error.message) : undefined, variant: 'destructive' })
    }
  })

  return (
    <div className="grid gap-4">
      <form aria-label={t('material.form', { job: job.title })} noValidate onSubmit={submit} className="grid gap-3">
        <FormField id={`${id}-what`} label={t('material.what')} error={formState.errors.description?.message && server(formState.errors.description.message)}>
          {(control) => <Input autoComplete="off" list={`${id}-catalogue`} {...register('description')} {...control} />}
        </FormField>
        <datalist id={`${id}-catalogue`}>
          {catalogue.map((service) => (
            <option key={service.id} value={service.name} />
          ))}
        </datalist>
        <div className="flex flex-wrap items-end gap-2">
          <Button type="button" variant="outline" size="icon" className="size-11" aria-label={t('material.less')} onClick={() => step(-1)}>
            <Minus aria-hidden="true" />
          </Button>
          <FormField id={`${id}-quantity`} label={t('material.quantity')} error={formState.errors.quantity?.message} className="w-24">
            {(control) => <Input inputMode="decimal" className="h-11 text-center" {...register('quantity')} {...control} />}
          </FormField>
          <Button type="button" variant="outline" size="icon" className="size-11" aria-label={t('material.more')} onClick={() => step(1)}>
            <Plus aria-hidden="true" />
          </Button>
          <FormField id={`${id}-unit`} label={t('material.unit')} className="w-28">
            {(control) => (
              <Select className="h-11" {...register('unit')} {...control}>
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`unit.${unit}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-border px-3 text-sm focus-within:ring-2 focus-within:ring-ring">
          <Camera className="size-5 shrink-0" aria-hidden="true" />
          <span>{photo ? t('material.photoChosen', { name: photo.name }) : t('material.photo')}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            className="sr-only"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" className="h-11" disabled={add.isPending}>
          {t('material.save')}
        </Button>
      </form>
      <MyMaterials job={job} owner={owner} />
    </div>
  )
}

/** The lines the signed-in person entered on `job`, as the server has them (no prices) and
 * those still waiting on this phone for the network, oldest first: what they used is not
 * gone from their phone once it is sent, nor before. */
function MyMaterials({ job, owner }: { job: WorkJob; owner: string }) {
  const i18n = useI18n()
  const { t } = i18n
  // A day the phone kept from before the server listed materials has none (web/public/sw.js).
  const materials = (job.materials as WorkJob['materials'] | undefined) ?? []
  const stored = new Set(materials.map((line) => line.id))
  const waiting = useOutbox(owner).flatMap((pending) =>
    pending.kind === 'material' && pending.jobId === job.id && !stored.has(pending.id) ? [pending] : [],
  )
  const rows = [
    ...materials.map((line) => ({ ...line, waiting: false })),
    ...waiting.map((pending) => ({
      id: pending.id,
      description: pending.body.description ?? '',
      quantity: pending.body.quantity,
      unit: pending.body.unit,
      held: false,
      receipt: Boolean(pending.photo),
      waiting: true,
    })),
  ]
  const id = `my-materials-${job.id}`
  return (
    <section aria-labelledby={id} className="grid gap-2" data-my-materials>
      <h4 id={id} className="text-sm font-semibold">
        {t('material.mine')}
      </h4>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('material.mineNone')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-2 border-t border-border pt-1 first:border-t-0 first:pt-0" data-waiting={row.waiting || undefined}>
              <span className="break-words">
                {t('material.line', { quantity: i18n.quantity(row.quantity), unit: t(`unit.${row.unit}`), what: row.description })}
              </span>{' '}
              {row.waiting && (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <CloudOff className="size-4" aria-hidden="true" /> {t('material.waiting')}
                </span>
              )}
              {row.held && <span className="text-muted-foreground">({t('material.held')})</span>}{' '}
              {row.receipt && <span className="text-muted-foreground">· {t('material.withPhoto')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
