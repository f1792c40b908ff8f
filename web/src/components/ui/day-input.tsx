import { CalendarDays } from 'lucide-react'
import { type ComponentProps, useRef, useState } from 'react'
import { cn } from '@/lib/utils'
import { Input } from './input'

/** "2026-12-24" as "24.12.2026"; anything else as it is. */
export function dayText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso
}

/** "24.12.2026" (or "24.12.26", "1.2.2026", "24/12/2026") as "2026-12-24"; "" for an
 * empty text; null for a text that is not a day of the calendar. */
export function parseDay(text: string): string | null {
  const trimmed = text.trim()
  if (!trimmed) return ''
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(trimmed)
  if (!match) return null
  const [day, month] = [Number(match[1]), Number(match[2])]
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3])
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** What a field that wants a day says when it cannot read one. */
export const BAD_DAY = 'Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.'

/** A whole day as `YYYY-MM-DD`, or "" for none: what a form keeps once a day is typed in full. */
export function isDay(value: string): boolean {
  return value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)
}

type DayInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The day as `YYYY-MM-DD`, or "" for none. */
  value: string
  /** The typed day as `YYYY-MM-DD`, "" when emptied, or the text as typed when it is not a
   * day (a form's check says so under the field). */
  onChange: (value: string) => void
}

/**
 * A day entered and shown as dd.mm.åååå whatever language the browser speaks (a date
 * input follows the browser's: "mm/dd/yyyy" in an English one), with the browser's own
 * calendar one click away.
 */
export function DayInput({ value, onChange, className, disabled, ...props }: DayInputProps) {
  const [text, setText] = useState(() => dayText(value))
  const [last, setLast] = useState(value)
  const picker = useRef<HTMLInputElement>(null)
  // A new value from outside (a saved change, a reset form) replaces what is typed,
  // unless it is what the text already says.
  if (value !== last) {
    setLast(value)
    if (parseDay(text) !== value && text !== value) setText(dayText(value))
  }
  const type = (typed: string) => {
    setText(typed)
    onChange(parseDay(typed) ?? typed)
  }
  return (
    <div className={cn('relative', className)}>
      <Input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd.mm.åååå"
        className="pr-11"
        value={text}
        disabled={disabled}
        onChange={(event) => type(event.target.value)}
      />
      <button
        type="button"
        className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
        onClick={() => picker.current?.showPicker?.()}
        disabled={disabled}
        tabIndex={-1}
        aria-hidden="true"
      >
        <CalendarDays className="size-5" />
      </button>
      {/* The browser's calendar, opened by the button; what is picked is typed in above. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
        value={parseDay(text) || ''}
        onChange={(event) => type(dayText(event.target.value))}
      />
    </div>
  )
}
