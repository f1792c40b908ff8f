// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { slowdownFor } from './slowdown.mjs'

describe('slowdownFor', () => {
  it("follows Lighthouse's calculator between its marks", () => {
    expect(slowdownFor(150)).toBe(1)
    expect(slowdownFor(475)).toBe(1.5)
    expect(slowdownFor(800)).toBe(2)
    expect(slowdownFor(1050)).toBe(2.5)
    expect(slowdownFor(1300)).toBe(3)
    expect(slowdownFor(1416)).toBe(3.5)
  })

  it("never slows a host more than Lighthouse's preset, nor speeds one up", () => {
    expect(slowdownFor(1533)).toBe(4)
    expect(slowdownFor(2500)).toBe(4)
    expect(slowdownFor(60)).toBe(1)
  })
})
