/** Today in Norway moved `days` on, as "YYYY-MM-DD": the day the server counts with. A
 * test that takes the day from `toISOString()` is a day behind between midnight and 01:00
 * or 02:00 Oslo time (a payment "before the invoice was made" after midnight, #75). */
export function osloDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date())
  const [year = 1970, month = 1, date = 1] = today.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}
