import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { FieldError, Label } from './input'

/** What a form control carries so that a screen reader reads its hint and its error with
 * it: the error's paragraph is `<id>-feil`, the hint's `<id>-hjelp`. */
export type FieldControl = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The wiring of one control to its hint and error, for the few controls that cannot sit
 * in a `FormField` (a checkbox beside its text, a field edited in place). Every other
 * field of a form is a `FormField`; house rule 8 (scripts/house-rules.sh) refuses
 * `aria-invalid` written anywhere else. */
export function fieldControl(id: string, { error, hint }: { error?: string; hint?: boolean } = {}): FieldControl {
  const described = [hint ? `${id}-hjelp` : null, error ? `${id}-feil` : null].filter(Boolean).join(' ')
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined }
}

/** One field of a form: its label, the control (given the props that tie it to the
 * label, the hint and the error), a hint under it and the error under that.
 *
 *     <FormField id="user-name" label="Navn" error={err('name')}>
 *       {(control) => <Input {...register('name')} {...control} />}
 *     </FormField>
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  labelClassName,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  className?: string
  labelClassName?: string
  children: (control: FieldControl) => ReactNode
}) {
  return (
    <div className={className}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children(fieldControl(id, { error, hint: Boolean(hint) }))}
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={`${id}-feil`}>{error}</FieldError>
    </div>
  )
}

/** The hint under a control, `<id>-hjelp`, which `fieldControl` names. */
export function FieldHint({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <p id={`${id}-hjelp`} className={cn('mt-1 text-sm text-muted-foreground', className)}>
      {children}
    </p>
  )
}
