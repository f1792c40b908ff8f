import { X } from 'lucide-react'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { cn } from '@/lib/utils'

// A small toast region of our own rather than sonner: sonner injects a <style> element
// at run time, which the site's Content-Security-Policy (style-src 'self') refuses.

export type ToastInput = {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
  /** A button on the toast ("Angre"): pressed, it runs and the toast goes. */
  action?: { label: string; onClick: () => void }
}
type ToastItem = ToastInput & { id: number }

const ToastContext = createContext<(toast: ToastInput) => void>(() => {})
const ClearContext = createContext<() => void>(() => {})

export function useToast() {
  return useContext(ToastContext)
}

/** Takes every toast away at once: an error that no longer holds (a sign-in that worked
 * on the next try) should not stay on screen. */
export function useClearToasts() {
  return useContext(ClearContext)
}

/** How long a toast stays; an action's undo window is as long (`UNDO_MS`). */
const DURATION_MS = 6000
export const UNDO_MS = DURATION_MS

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), [])
  const toast = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++
      // One at a time, the newest: a second under it reached below the bar on a phone and
      // lay over the card being typed in (#59).
      setToasts([{ ...input, id }])
      window.setTimeout(() => dismiss(id), DURATION_MS)
    },
    [dismiss],
  )
  const value = useMemo(() => toast, [toast])
  const clear = useCallback(() => setToasts([]), [])

  return (
    <ToastContext value={value}>
      <ClearContext value={clear}>{children}</ClearContext>
      {/* Over the middle of the top bar: it never lies over the page's own buttons. At the
          bottom a toast covered a phone's submit button and the last rows' buttons; under the
          bar, a row's status (#25). Its whole text shows (a Polish sentence on a phone cut at
          two lines said half of what happened, #75), and a tap anywhere on it hands the bar
          back at once. */}
      <div className="pointer-events-none fixed inset-x-0 top-1 z-50 flex flex-col items-center gap-1 px-2">
        <div role="status" aria-live="polite" className="contents">
          {toasts
            .filter((t) => t.variant !== 'destructive')
            .map((t) => (
              <Toast key={t.id} toast={t} onClose={() => dismiss(t.id)} />
            ))}
        </div>
        <div role="alert" aria-live="assertive" className="contents">
          {toasts
            .filter((t) => t.variant === 'destructive')
            .map((t) => (
              <Toast key={t.id} toast={t} onClose={() => dismiss(t.id)} />
            ))}
        </div>
      </div>
    </ToastContext>
  )
}

function Toast({ toast, onClose }: { toast: ToastItem; onClose: () => void }) {
  const destructive = toast.variant === 'destructive'
  return (
    <div
      data-toast={destructive ? 'destructive' : 'default'}
      onClick={(event) => {
        // A tap on the toast's text closes it; its own buttons do what they say.
        if (!(event.target as HTMLElement).closest('button')) onClose()
      }}
      className={cn(
        'pointer-events-auto flex w-full max-w-md items-start gap-2 rounded-xl border px-3 py-2 text-sm shadow-lg',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'border-border bg-card text-card-foreground',
      )}
    >
      <p className="flex-1 [overflow-wrap:anywhere]">
        <span className="font-semibold">{toast.title}</span>
        {toast.description && <span className="opacity-90"> {toast.description}</span>}
      </p>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action?.onClick()
            onClose()
          }}
          className="min-h-11 rounded-lg px-3 font-semibold underline underline-offset-2"
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" onClick={onClose} className="rounded p-1 opacity-80 hover:opacity-100" aria-label="Lukk">
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}
