import { cn } from '@/lib/utils'

/** A person without a photo: initials in a tinted circle. */
export function InitialsAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground',
        className,
      )}
    >
      {initials}
    </span>
  )
}
