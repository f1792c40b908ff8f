import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enableCopyButtons } from './copy-buttons'
import { type Owed, OwedSummary } from './owed-summary'

const owed: Owed = {
  number: '2026-0007',
  total: '12 500,00 kr',
  credited: null,
  paid: null,
  outstanding: '12 500,00 kr',
  refund: null,
  due: '21. november 2026',
  overdue: true,
  account: '1234.56.78903',
  kid: '000000700077',
  settled: false,
}

/** The page as the server sends it, in a document of its own. */
function served() {
  document.body.innerHTML = `<div id="root">${renderToString(<OwedSummary owed={owed} />)}</div>`
  return document.getElementById('root')!
}

afterEach(() => {
  document.body.innerHTML = ''
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('the copy buttons of the customer page', () => {
  it('are hidden in the HTML, so a page without JavaScript offers none', () => {
    served()
    expect(screen.queryByRole('button', { name: /Kopier/ })).toBeNull()
  })

  it('copy the account number as digits and the KID, and say so', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    enableCopyButtons(served())
    fireEvent.click(screen.getByRole('button', { name: 'Kopier kontonummeret' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Kontonummeret er kopiert.'))
    expect(writeText).toHaveBeenLastCalledWith('12345678903')
    fireEvent.click(screen.getByRole('button', { name: 'Kopier KID' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('KID er kopiert.'))
    expect(writeText).toHaveBeenLastCalledWith('000000700077')
    expect(screen.getByRole('button', { name: 'Kopier KID' })).toHaveTextContent('Kopiert')
    expect(screen.getByRole('button', { name: 'Kopier kontonummeret' })).toHaveTextContent('Kopier')
  })

  it('tell the customer to copy by hand when the browser refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => Promise.reject(new Error('nei')) }, configurable: true })
    enableCopyButtons(served())
    fireEvent.click(screen.getByRole('button', { name: 'Kopier KID' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Kunne ikke kopiere. Merk KID og kopier selv.'))
  })
})
