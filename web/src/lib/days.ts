// Days as the admin writes them. Their own module, not lib/format.ts: only the admin shows
// them, and the public pages' shared script stays within its budget (scripts/budget.mjs).

const weekdayFormat = new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "2027-10-31" -> "søndag 31. oktober 2027": a befaring's day. */
export function formatWeekday(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return weekdayFormat.format(new Date(Date.UTC(year, month - 1, date)))
}

const dayParts: Record<string, string> = { formiddag: 'formiddag', ettermiddag: 'ettermiddag', hele_dagen: 'hele dagen' }

/** A day the customer offered for the site visit: "fredag 27. november 2026, formiddag". */
export function formatPreferredTime(time: { day: string; part: string }): string {
  return `${formatWeekday(time.day)}, ${dayParts[time.part] ?? time.part}`
}

const boardDayFormat = new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
const shortDayFormat = new Intl.DateTimeFormat('nb-NO', { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' })

/** "2026-12-08" -> "tirsdag 8. desember": a day of the plan. */
export function formatPlanDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return boardDayFormat.format(new Date(Date.UTC(year, month - 1, date)))
}

/** "2026-12-08" -> "tir. 8.12.": a column of the plan's board. */
export function formatShortDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return shortDayFormat.format(new Date(Date.UTC(year, month - 1, date)))
}

/** `day` ("YYYY-MM-DD") moved `days` on. */
export function addDays(day: string, days: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

/** The Monday of `day`'s week: where the befaringer's week and the plan's board begin. */
export function monday(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}
