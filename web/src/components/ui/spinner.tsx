import { LoaderCircle } from 'lucide-react'

/** A spinner with its text, announced politely to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-muted-foreground">
      <LoaderCircle className="size-6 animate-spin text-accent-strong dark:text-accent" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
