import { Plus, X } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input, Label } from '@/components/ui/input'

/** Adds a tag unless it is blank or already there (case-insensitive). */
export function addTag(tags: string[], raw: string): string[] {
  const tag = raw.trim()
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return tags
  return [...tags, tag]
}

/** Tags: Enter or the plus button adds, clicking a tag removes it. */
export function TagEditor({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const add = () => {
    onChange(addTag(value, draft))
    setDraft('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      add()
    }
  }
  return (
    <div>
      <Label htmlFor={id}>Tags</Label>
      <div className="flex gap-2">
        <Input id={id} value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} placeholder="Ny tag" />
        <Button type="button" variant="outline" size="icon" onClick={add}>
          <Plus aria-hidden="true" />
          <span className="sr-only">Legg til tag</span>
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Valgte tags">
          {value.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="inline-flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm hover:bg-destructive/15"
                aria-label={`Fjern tag ${tag}`}
              >
                {tag}
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
