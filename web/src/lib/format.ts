// All money and date formatting goes through here: Norwegian (nb-NO), Europe/Oslo.
// Each formatter is made on first use: building one loads locale data, which costs a
// public page tens of milliseconds on a slow phone before it can respond.

function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

/**
 * 25000 -> "25 000": whole kroner, Norwegian digit grouping with a no-break space and
 * the minus sign nb-NO uses, as Intl.NumberFormat('nb-NO') writes them. Done by hand
 * because a public page formats prices as soon as they arrive, and making the Intl
 * formatter would cost a slow phone tens of milliseconds.
 */
export function formatNumber(value: number): string {
  const rounded = Math.round(value)
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')
  return rounded < 0 ? `\u2212${digits}` : digits
}

/** "Fra 25 000 kr": the site's way of writing a price. */
export function formatPriceFrom(price: number): string {
  return `Fra ${formatNumber(price)} kr`
}

const dateFormat = once(
  () => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }),
)

export function formatDate(value: string | Date): string {
  return dateFormat().format(typeof value === 'string' ? new Date(value) : value)
}

const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat('nb-NO', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Oslo',
    }),
)

export function formatDateTime(value: string | Date): string {
  return dateTimeFormat().format(typeof value === 'string' ? new Date(value) : value)
}

const dayFormat = once(
  () => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
)

/** "2026-11-25" (a day, as the API sends a follow-up date) -> "25. november 2026", the
 * same day wherever the browser is. */
export function formatDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return dayFormat().format(new Date(Date.UTC(year, month - 1, date)))
}

const monthFormat = once(() => new Intl.DateTimeFormat('nb-NO', { month: 'long', year: 'numeric', timeZone: 'UTC' }))

/** "2026-11" -> "november 2026". */
export function formatMonth(month: string): string {
  const [year = 1970, number = 1] = month.split('-').map(Number)
  return monthFormat().format(new Date(Date.UTC(year, number - 1, 1)))
}

/** The month before "YYYY-MM": "2026-01" -> "2025-12". */
export function monthBefore(month: string): string {
  const [year = 1970, number = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 7)
}

/** Today in Norway as "YYYY-MM-DD", moved `days` on: what a follow-up date is compared with. */
export function norwegianDay(days = 0, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(now)
  const [year = 1970, month = 1, date = 1] = today.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

const clockFormat = once(() => new Intl.DateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Oslo' }))

/** The time of day in Norway as "HH:MM": what a form's clock field starts at. */
export function norwegianClock(now = new Date()): string {
  return clockFormat().format(now).replace('.', ':')
}

/** A time of day typed "7:30", "07:30", "7.30", "0730" or "7", as the server reads it
 * (`minute_of_typed` in crates/data/src/oslo.rs): "07:30", or null when it is no time. */
export function parseClock(text: string): string | null {
  const typed = text.trim().replace('.', ':')
  const match = /^(\d{1,2})(?::(\d{1,2}))?$/.exec(typed) ?? /^(\d{2})(\d{2})$/.exec(typed)
  if (!match) return null
  const hours = Number(match[1])
  const minutes = Number(match[2] ?? '0')
  if (hours > 23 || minutes > 59) return null
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

/** Minutes after midnight (as an hour entry's start is sent back) as "07:30". */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}
