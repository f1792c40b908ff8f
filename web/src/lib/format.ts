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
