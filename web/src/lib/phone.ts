/** A `tel:` link for a number as staff type it: "908 12 345" calls +47 90812345; a number with its own + keeps it. */
export function phoneHref(phone: string): string {
  const dialled = phone.replace(/[^\d+]/g, '')
  return `tel:${dialled.startsWith('+') ? dialled : `+47${dialled}`}`
}
