// All money and date formatting goes through here: Norwegian (nb-NO), Europe/Oslo.

const kroner = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 })

/** 25000 -> "25 000" (Norwegian digit grouping with a no-break space). */
export function formatNumber(value: number): string {
  return kroner.format(value).replace(/\s/g, '\u00a0')
}

/** "Fra 25 000 kr" as the specification writes prices. */
export function formatPriceFrom(price: number): string {
  return `Fra ${formatNumber(price)} kr`
}

const dateFormat = new Intl.DateTimeFormat('nb-NO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Oslo',
})

export function formatDate(value: string | Date): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value)
}

const dateTimeFormat = new Intl.DateTimeFormat('nb-NO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Oslo',
})

export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value)
}
