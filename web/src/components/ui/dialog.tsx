import { X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cn } from '@/lib/utils'
import { Button } from './button'

// Dialogs are the browser's own <dialog> in modal mode: focus is trapped, Escape
// closes, the rest of the page is inert, and no style element is injected at run time
// (the Content-Security-Policy allows none).

type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children?: ReactNode
  className?: string
  /** `side` slides in from the left edge (the admin drawer). */
  variant?: 'center' | 'side'
}

export function Dialog({ open, onOpenChange, title, description, children, className, variant = 'center' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // React passes a nested dialog's close event up its component tree: only this one's counts.
      onClose={(event) => event.target === ref.current && onOpenChange(false)}
      onClick={(event) => event.target === ref.current && onOpenChange(false)}
      className={cn(
        'border border-border bg-card text-card-foreground shadow-2xl backdrop:bg-slate-950/60',
        variant === 'center' && 'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl p-0',
        variant === 'side' && 'm-0 h-full max-h-none w-72 max-w-[85vw] rounded-none p-0',
        className,
      )}
    >
      {open && (
        <div className="relative p-6">
          <div className="mb-5 pr-10">
            <h2 id={titleId} className="text-xl font-semibold">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                {description}
              </div>
            )}
          </div>
          {children}
          {/* Last in the DOM, so opening focuses the dialog's first field, not "Lukk". */}
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-4 right-4 size-9"
            onClick={() => onOpenChange(false)}
          >
            <X aria-hidden="true" />
            <span className="sr-only">Lukk</span>
          </Button>
        </div>
      )}
    </dialog>
  )
}

/** A yes/no question before a step that cannot be taken back: red when something is
 * destroyed (`destructive`, the default), the primary colour when something is made or
 * sent (an invoice numbered, a letter posted, a month approved). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  children,
  tone = 'destructive',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  confirmLabel: string
  busyLabel?: string
  busy?: boolean
  onConfirm: () => void
  /** Choices to make before confirming, between the description and the buttons. */
  children?: ReactNode
  tone?: 'destructive' | 'default'
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={() => onOpenChange(false)} data-autofocus>
          Avbryt
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
