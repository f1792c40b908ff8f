// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cardGrid } from './grid'

describe('cardGrid', () => {
  it('centres one card wide, pairs two and four, and puts three or more in rows of three', () => {
    expect(cardGrid(1).item).toBe('w-full max-w-2xl')
    expect(cardGrid(2).item).not.toContain('lg:')
    expect(cardGrid(4).item).not.toContain('lg:')
    expect(cardGrid(5).item).toContain('lg:w-[calc((100%-3rem)/3)]')
    expect(cardGrid(5).list).toContain('justify-center')
  })
})
