import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { TagEditor } from './tag-editor'

function Editor({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial)
  return <TagEditor value={tags} onChange={setTags} />
}

const shown = () => screen.queryAllByRole('button', { name: /^Fjern tag / }).map((b) => b.textContent)

describe('TagEditor', () => {
  it('adds with Enter or the plus button, trimmed, and never twice in any case', async () => {
    const user = userEvent.setup()
    render(<Editor />)
    const input = screen.getByLabelText('Tags')
    await user.type(input, '  Haster  {Enter}')
    expect(shown()).toEqual(['Haster'])
    expect(input).toHaveValue('')
    await user.type(input, 'haster')
    await user.click(screen.getByRole('button', { name: 'Legg til tag' }))
    await user.type(input, '   {Enter}')
    await user.type(input, 'Bad')
    await user.click(screen.getByRole('button', { name: 'Legg til tag' }))
    expect(shown()).toEqual(['Haster', 'Bad'])
  })

  it('removes the tag that is clicked', async () => {
    const user = userEvent.setup()
    render(<Editor initial={['Haster', 'Bad', 'Befaring']} />)
    await user.click(screen.getByRole('button', { name: 'Fjern tag Bad' }))
    expect(shown()).toEqual(['Haster', 'Befaring'])
    expect(screen.getByRole('list', { name: 'Valgte tags' })).toBeInTheDocument()
  })
})
