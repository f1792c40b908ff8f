// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { initialsOf } from './initials-avatar'

/** Whether `text` holds half of a surrogate pair (what made the page engine's answer invalid). */
function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
}

describe('initialsOf', () => {
  it('takes the first letter of the first and last word', () => {
    expect(initialsOf('Kari Nordmann')).toBe('KN')
    expect(initialsOf('Øystein Ås')).toBe('ØÅ')
    expect(initialsOf('Per')).toBe('P')
  })

  it('never cuts a letter outside the basic plane in half', () => {
    expect(initialsOf('😀 Anne')).toBe('😀A')
    expect(initialsOf('𝓐nne Berg')).toBe('𝓐B')
    for (const name of ['😀', '🇳🇴 Ola', 'Ola 👷🏽‍♀️', '\u202eAnne', 'Anne\u2028Berg']) {
      expect(hasLoneSurrogate(initialsOf(name)), name).toBe(false)
    }
  })
})
