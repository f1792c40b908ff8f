import { cn } from '@/lib/utils'
import type { Picture } from '@/lib/site'

/**
 * The firm's mark in the public header and the admin bar: its logo from Innstillinger,
 * or, without one, its initial drawn in a square (never another firm's letter).
 */
export function LogoMark({
  logo,
  name,
  className,
}: {
  logo?: Picture | null
  name?: string
  className?: string
}) {
  if (logo) {
    return (
      <img
        src={logo.src}
        srcSet={logo.srcset || undefined}
        sizes="144px"
        width={logo.width ?? undefined}
        height={logo.height ?? undefined}
        alt=""
        className={cn('h-9 w-auto max-w-36 shrink-0 object-contain', className)}
      />
    )
  }
  const initial = (name ?? '').trim().charAt(0).toUpperCase() || 'F'
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9 shrink-0', className)} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0f2540" />
      <text x="32" y="45" textAnchor="middle" fontSize="38" fontWeight="800" fontFamily="Inter, system-ui, sans-serif" fill="#f5a524">
        {initial}
      </text>
    </svg>
  )
}
