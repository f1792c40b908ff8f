/**
 * Classes for a list of cards that looks laid out on purpose with however many the firm
 * has (#25): rows of up to three (two for two or four), the last row centred, so there
 * is never an empty slot; one card alone is wide and centred, not stuck at the left of a
 * three-column grid. `list` goes on the list, `item` on each of its items.
 */
export function cardGrid(count: number): { list: string; item: string } {
  const list = 'flex flex-wrap justify-center gap-6'
  if (count <= 1) return { list, item: 'w-full max-w-2xl' }
  if (count === 2 || count === 4) return { list, item: 'w-full md:w-[calc((100%-1.5rem)/2)]' }
  return { list, item: 'w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]' }
}
