import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { type FieldControl, FormField } from '@/components/ui/form-field'
import { FieldError, Input, Select, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'
import { type ContentItem, type ContentKind, useSaveContent } from '../api/content'
import { contentKinds, dataOf, type Field } from '../kinds'

/** Chooses pictures from the media library (given by the page, which may use the media feature). */
export type PicturePickerProps = {
  label: string
  value: string[]
  onChange: (ids: string[]) => void
  max: number
  error?: string
  errorId: string
}
type PicturePicker = (props: PicturePickerProps) => ReactNode

type Values = Record<string, string | string[]>

/** The form's values for an item, or a new item's defaults. */
function valuesOf(kind: ContentKind, item: ContentItem | null): Values {
  const data = item ? dataOf(item) : {}
  const values: Values = {}
  for (const field of contentKinds[kind].fields) {
    const value = data[field.key]
    if (field.type === 'photo') {
      values[field.key] = typeof value === 'string' ? [value] : []
    } else if (field.type === 'photos') {
      values[field.key] = Array.isArray(value) ? (value as string[]) : []
    } else if (field.type === 'pages') {
      values[field.key] = Array.isArray(value) ? (value as string[]) : [field.options[0]?.value ?? '']
    } else if (field.type === 'group') {
      values[field.key] = typeof value === 'string' ? value : (field.options[0]?.value ?? '')
    } else if (field.type === 'lines') {
      values[field.key] = Array.isArray(value) ? (value as string[]).join('\n') : ''
    } else if (field.type === 'rating') {
      values[field.key] = value == null ? '5' : String(value)
    } else {
      values[field.key] = value == null ? '' : String(value)
    }
  }
  return values
}

/**
 * "Ny …" / "Rediger …" for any kind of content: the kind's fields, whether it is hidden,
 * and the server's Norwegian message under each field it refuses. The form keeps what was
 * typed when a save fails.
 */
export function ContentDialog({
  open,
  onOpenChange,
  kind,
  item,
  picturePicker,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  kind: ContentKind
  item: ContentItem | null
  picturePicker: PicturePicker
}) {
  const info = contentKinds[kind]
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={item ? info.editLabel : info.newLabel}>
      {/* The dialog mounts its content only while open: each opening starts from `item`. */}
      <ContentForm kind={kind} item={item} onDone={() => onOpenChange(false)} picturePicker={picturePicker} />
    </Dialog>
  )
}

// The kinds' fields are checked by the server (crates/data/src/content/validate.rs),
// whose messages land under the fields; the form only carries what was typed.
const schema = z.object({ data: z.record(z.string(), z.union([z.string(), z.array(z.string())])), hidden: z.boolean() })
type FormValues = z.infer<typeof schema>

function ContentForm({
  kind,
  item,
  onDone,
  picturePicker,
}: {
  kind: ContentKind
  item: ContentItem | null
  onDone: () => void
  picturePicker: PicturePicker
}) {
  const toast = useToast()
  const save = useSaveContent()
  const info = contentKinds[kind]
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { data: valuesOf(kind, item), hidden: item?.hidden ?? false },
  })
  const { control, register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(
    form,
    Object.fromEntries(info.fields.map((field) => [field.key, `data.${field.key}` as const])),
  )

  const submit = handleSubmit(async ({ data: values, hidden }) => {
    const data: Record<string, unknown> = { ...values }
    for (const field of info.fields) {
      if (field.type === 'rating') data[field.key] = Number(values[field.key])
      if (field.type === 'photo') data[field.key] = values[field.key]?.[0] ?? null
    }
    try {
      await save.mutateAsync({ id: item?.id ?? null, input: { kind, data, hidden } })
      onDone()
      toast({ title: item ? 'Endringene er lagret' : 'Lagt til', description: 'Nettstedet viser det nå.' })
    } catch (error) {
      serverErrors(error)
      toast({
        title: 'Kunne ikke lagre',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      })
    }
  })

  return (
    <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
      {item?.example && (
        <p className="rounded-lg bg-accent/15 p-3 text-sm">
          Dette er eksempeltekst som fulgte med nettstedet. Skriv inn deres egne opplysninger; når du lagrer, regnes den
          som deres.
        </p>
      )}
      {info.fields.map((field, index) => (
        <Controller
          key={field.key}
          control={control}
          name={`data.${field.key}`}
          render={({ field: { value, onChange } }) => (
            <FieldInput
              field={field}
              value={value ?? ''}
              error={formState.errors.data?.[field.key]?.message}
              onChange={onChange}
              autoFocus={index === 0}
              picturePicker={picturePicker}
            />
          )}
        />
      ))}
      <label className="flex items-center gap-3 font-medium">
        <input type="checkbox" className="size-5 accent-primary" {...register('hidden')} />
        Skjult på nettstedet
      </label>
      <div className="mt-2 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          Avbryt
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Lagrer...' : 'Lagre'}
        </Button>
      </div>
    </form>
  )
}

function FieldInput({
  field,
  value,
  error,
  onChange,
  autoFocus,
  picturePicker,
}: {
  field: Field
  value: string | string[]
  error?: string
  onChange: (value: string | string[]) => void
  autoFocus: boolean
  picturePicker: PicturePicker
}) {
  const id = `innhold-${field.key}`
  const errorId = `${id}-feil`
  const hint = 'hint' in field ? field.hint : undefined
  const text = typeof value === 'string' ? value : ''
  const optional = 'required' in field ? !field.required : ['text', 'email', 'tel', 'url', 'year', 'textarea', 'lines'].includes(field.type)

  if (field.type === 'photo' || field.type === 'photos') {
    return picturePicker({
      label: field.label,
      value: Array.isArray(value) ? value : [],
      onChange,
      max: field.type === 'photo' ? 1 : 12,
      error,
      errorId,
    })
  }

  if (field.type === 'pages') {
    const picked = Array.isArray(value) ? value : []
    return (
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-1.5 text-sm font-semibold">{field.label}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {field.options.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                checked={picked.includes(option.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...picked, option.value] : picked.filter((p) => p !== option.value))
                }
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </fieldset>
    )
  }

  const input = (control: FieldControl) => {
    const common = { ...control, 'data-autofocus': autoFocus ? true : undefined }
    if (field.type === 'group') {
      return (
        <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )
    }
    if (field.type === 'rating') {
      return (
        <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={String(stars)}>
              {stars} av 5 stjerner
            </option>
          ))}
        </Select>
      )
    }
    if (field.type === 'textarea' || field.type === 'lines') {
      return <Textarea {...common} rows={field.type === 'lines' ? 5 : 4} value={text} onChange={(e) => onChange(e.target.value)} />
    }
    return (
      <Input
        {...common}
        type={field.type === 'year' ? 'text' : field.type}
        inputMode={field.type === 'year' ? 'numeric' : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  }
  return (
    <FormField id={id} label={`${field.label}${optional ? ' (valgfritt)' : ''}`} hint={hint} error={error}>
      {input}
    </FormField>
  )
}
