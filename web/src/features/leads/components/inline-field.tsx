import { Pencil } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FieldError, Input, Textarea } from '@/components/ui/input'
import { ApiError } from '@/lib/api'

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
  const id = useId()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(value)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  function close() {
    setEditing(false)
    setError(undefined)
  }

  async function save() {
    if (draft.trim() === value.trim()) return close()
    setBusy(true)
    try {
      await onSave(draft)
      close()
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields[field] ?? err.message) : 'Kunne ikke lagre. Prøv igjen.')
    } finally {
      setBusy(false)
    }
  }

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
          onClick={() => {
            setDraft(value)
            setEditing(true)
          }}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    )
  }

  const errorId = `${id}-feil`
  const a11y = {
    id,
    value: draft,
    autoFocus: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onKeyDown: (event: KeyboardEvent) => {
      // Escape leaves the field, not the dialog around it.
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        close()
      }
    },
  }
  return (
    <form
      // The server checks the value, and its Norwegian message shows under the field.
      noValidate
      className="border-b border-border py-2 last:border-b-0"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-muted-foreground">
        {label}
      </label>
      {multiline ? (
        <Textarea rows={4} {...a11y} onChange={(e) => setDraft(e.target.value)} />
      ) : (
        <Input type={type} {...a11y} autoComplete="off" onChange={(e) => setDraft(e.target.value)} />
      )}
      <FieldError id={errorId}>{error}</FieldError>
      <div className="mt-2 flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={close}>
          Avbryt
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Lagrer...' : 'Lagre'}
        </Button>
      </div>
    </form>
  )
}
