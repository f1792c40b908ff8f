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

/**
 * The first letters of a name's first and last word: "Kari Nordmann" gives "KN". A letter
 * is a whole code point, never half of one: "😀 Anne" gives "😀A", "𝓐nne" gives "𝓐".
 */
export function initialsOf(name: string): string {
  const words = name.split(/[\s,.]+/).filter(Boolean)
  const first = words[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : ''
  return `${firstLetter(first)}${firstLetter(last)}`.toUpperCase()
}

function firstLetter(word: string): string {
  const [letter = ''] = word
  return letter
}
