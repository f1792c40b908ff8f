import { X } from 'lucide-react'

/** A narrowing a link put on a list ("Bare åpne leads"), with a button that takes it off. */
export function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-1 pr-1 pl-3 text-sm font-medium">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Fjern «${label}»`}
        className="inline-flex size-7 items-center justify-center rounded-full hover:bg-background"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </span>
  )
}
