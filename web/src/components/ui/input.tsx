import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

const field =
  'w-full rounded-lg border border-border bg-card px-3.5 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/60 aria-[invalid=true]:border-destructive disabled:opacity-60'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-11', className)} {...props} />
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'py-2.5 leading-relaxed', className)} {...props} />
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(field, 'h-11 pr-8', className)} {...props} />
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('mb-1.5 block text-sm font-semibold text-foreground', className)} {...props} />
}

export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-destructive">
      {children}
    </p>
  )
}
