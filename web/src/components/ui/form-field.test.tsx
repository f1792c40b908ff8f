import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FormField } from './form-field'
import { Input } from './input'

describe('FormField', () => {
  it('names the control by its label and describes it by its hint alone while nothing is wrong', () => {
    render(
      <FormField id="f-phone" label="Telefon" hint="Kunden får nummeret.">
        {(control) => <Input {...control} />}
      </FormField>,
    )
    const field = screen.getByRole('textbox', { name: 'Telefon' })
    expect(field).toHaveAccessibleDescription('Kunden får nummeret.')
    expect(field).not.toHaveAttribute('aria-invalid')
    // A description may only name what is on the page (invalid HTML otherwise).
    expect(document.getElementById('f-phone-feil')).toBeNull()
  })

  it('marks the control invalid and reads the message after the hint', () => {
    render(
      <FormField id="f-phone" label="Telefon" hint="Kunden får nummeret." error="Telefonnummeret må ha minst 8 sifre.">
        {(control) => <Input {...control} />}
      </FormField>,
    )
    const field = screen.getByRole('textbox', { name: 'Telefon' })
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription('Kunden får nummeret. Telefonnummeret må ha minst 8 sifre.')
  })

  it('describes a field without a hint or an error by nothing', () => {
    render(
      <FormField id="f-name" label="Navn">
        {(control) => <Input {...control} />}
      </FormField>,
    )
    expect(screen.getByRole('textbox', { name: 'Navn' })).not.toHaveAttribute('aria-describedby')
  })
})
