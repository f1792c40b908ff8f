import { cn } from '@/lib/utils'

const TONES = [
  'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100',
  'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100',
  'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  'bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100',
]

/** A status with a colour from its place in the pipeline. */
export function StatusBadge({ status, pipeline }: { status: string; pipeline: string[] }) {
  const index = pipeline.indexOf(status)
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        index < 0 ? 'bg-muted text-foreground' : TONES[index % TONES.length],
      )}
    >
      {status}
    </span>
  )
}

/** Marks a lead that came in with an open lead's phone number or e-mail address. */
export function DuplicateBadge() {
  return (
    <span className="mt-1 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900/60 dark:text-amber-50" data-duplicate>
      Mulig duplikat
    </span>
  )
}
