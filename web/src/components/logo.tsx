import { cn } from '@/lib/utils'

/** The firm's mark: the same picture in the public header and the admin bar. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9 shrink-0', className)} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0f2540" />
      <path d="M20 46V18h24v7H28v5h13v7H28v9z" fill="#f5a524" />
    </svg>
  )
}
