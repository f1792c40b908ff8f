import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

const badgeVariants = cva('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium', {
  variants: {
    variant: {
      default: 'bg-muted text-foreground',
      accent: 'bg-accent/15 text-accent-strong dark:text-accent',
      success: 'bg-success/10 text-success-strong',
      onBrand: 'bg-white/10 text-white ring-1 ring-white/20',
    },
  },
  defaultVariants: { variant: 'default' },
})

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
