import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EmailText } from './email-text'

describe('EmailText', () => {
  it('lets an address wrap after the @, a dot or a hyphen, and reads as the whole address', () => {
    const { container } = render(<EmailText email="kristine.andersen-solberg@oslo-elektro.no" />)
    expect(container.textContent).toBe('kristine.andersen-solberg@oslo-elektro.no')
    const pieces = [...container.querySelector('span')!.childNodes].map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent))
    expect(pieces.join('')).toBe('kristine.|andersen-|solberg@|oslo-|elektro.|no')
  })
})
