import { Pencil } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { fieldControl } from '@/components/ui/form-field'
import { FieldError, Input, Textarea } from '@/components/ui/input'
import { useServerErrors } from '@/lib/forms'

/**
 * One field of the details dialog, edited where it is shown: "Rediger" turns the value
 * into an input; Lagre (or Enter) saves it, Avbryt (or Escape) puts it back. A refused
 * value stays in the input with the server's message under it.
 */
export function InlineField({
  label,
  field,
  value,
  display,
  multiline = false,
  type = 'text',
  onSave,
}: {
  label: string
  /** The API's key for the field, to find its message in an error answer. */
  field: string
  value: string
  display?: ReactNode
  multiline?: boolean
  type?: 'text' | 'email' | 'tel'
  onSave: (value: string) => Promise<unknown>
}) {
  const [editing, setEditing] = useState(false)

  if (!editing) {
    return (
      <div className="group flex items-start justify-between gap-2 border-b border-border py-2 last:border-b-0">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <div className="min-w-0 break-words" data-field={field}>
            {display ?? (value || '–')}
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0"
          aria-label={`Rediger ${label.toLowerCase()}`}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    )
  }
  // Mounted on "Rediger": each edit starts from the stored value.
  return (
    <InlineEditor
      label={label}
      field={field}
      value={value}
      multiline={multiline}
      type={type}
      onSave={onSave}
      onClose={() => setEditing(false)}
    />
  )
}

// The server checks the value, and its Norwegian message shows under the field.
const schema = z.object({ value: z.string() })
type Values = z.infer<typeof schema>

function InlineEditor({
  label,
  field,
  value,
  multiline,
  type,
  onSave,
  onClose,
}: {
  label: string
  field: string
  value: string
  multiline: boolean
  type: 'text' | 'email' | 'tel'
  onSave: (value: string) => Promise<unknown>
  onClose: () => void
}) {
  const id = useId()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { value } })
  const { register, handleSubmit, formState } = form
  const serverErrors = useServerErrors(form, { [field]: 'value' })

  const save = handleSubmit(async ({ value: draft }) => {
    if (draft.trim() === value.trim()) return onClose()
    try {
      await onSave(draft)
      onClose()
    } catch (error) {
      if (!serverErrors(error)) {
        form.setError('value', { type: 'server', message: error instanceof Error ? error.message : 'Kunne ikke lagre. Prøv igjen.' })
      }
    }
  })

  const error = formState.errors.value?.message
  const errorId = `${id}-feil`
  const a11y = {
    ...fieldControl(id, { error }),
    autoFocus: true,
    ...register('value'),
    onKeyDown: (event: KeyboardEvent) => {
      // Escape leaves the field, not the dialog around it.
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        onClose()
      }
    },
  }
  return (
    <form method="post" noValidate className="border-b border-border py-2 last:border-b-0" onSubmit={save}>
      <label htmlFor={id} className="text-sm font-medium text-muted-foreground">
        {label}
      </label>
      {multiline ? <Textarea rows={4} {...a11y} /> : <Input type={type} {...a11y} autoComplete="off" />}
      <FieldError id={errorId}>{error}</FieldError>
      <div className="mt-2 flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onClose}>
          Avbryt
        </Button>
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Lagrer...' : 'Lagre'}
        </Button>
      </div>
    </form>
  )
}
