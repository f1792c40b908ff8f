import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DayInput, dayText, parseDay } from './day-input'

describe('parseDay', () => {
  it('reads a Norwegian day and refuses one the calendar does not have', () => {
    expect(parseDay('24.12.2026')).toBe('2026-12-24')
    expect(parseDay('1.2.26')).toBe('2026-02-01')
    expect(parseDay(' ')).toBe('')
    expect(parseDay('31.02.2026')).toBeNull()
    expect(parseDay('12/24/2026')).toBeNull()
    expect(parseDay('i morgen')).toBeNull()
    expect(dayText('2026-12-24')).toBe('24.12.2026')
  })
})

function Day({ start }: { start: string }) {
  const [value, setValue] = useState(start)
  return (
    <>
      <label htmlFor="dag">Oppfølging</label>
      <DayInput id="dag" value={value} onChange={setValue} />
      <output data-testid="verdi">{value}</output>
      <button type="button" onClick={() => setValue('2027-01-05')}>
        Lagret av en kollega
      </button>
    </>
  )
}

describe('DayInput', () => {
  it('shows and takes dd.mm.åååå, hands on the day as YYYY-MM-DD, and follows a change from outside', async () => {
    const user = userEvent.setup()
    render(<Day start="2026-12-24" />)
    const input = screen.getByLabelText('Oppfølging')
    expect(input).toHaveValue('24.12.2026')
    expect(input).toHaveAttribute('placeholder', 'dd.mm.åååå')
    await user.clear(input)
    await user.type(input, '02.01.2027')
    expect(screen.getByTestId('verdi')).toHaveTextContent('2027-01-02')
    await user.clear(input)
    await user.type(input, '31.02')
    expect(screen.getByTestId('verdi')).toHaveTextContent('31.02')
    expect(input).toHaveValue('31.02')
    await user.click(screen.getByRole('button', { name: 'Lagret av en kollega' }))
    expect(input).toHaveValue('05.01.2027')
  })
})
