import type { ComponentProps, ReactNode } from 'react'
import { cn } from '@/lib/utils'

export function Container({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />
}

/** A page section with an optional eyebrow, heading and lead paragraph. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
  tone = 'plain',
}: {
  id?: string
  eyebrow?: string
  title?: ReactNode
  lead?: ReactNode
  children?: ReactNode
  className?: string
  tone?: 'plain' | 'muted'
}) {
  const headingId = id ? `${id}-tittel` : undefined
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn('py-16 sm:py-20', tone === 'muted' && 'bg-muted/60', className)}
    >
      <Container>
        {(eyebrow || title || lead) && (
          <header className="mb-10 max-w-2xl">
            {eyebrow && (
              <p className="mb-2 text-sm font-semibold tracking-wide text-accent-strong uppercase dark:text-accent">
                {eyebrow}
              </p>
            )}
            {title && (
              <h2 id={headingId} className="text-3xl font-bold sm:text-4xl">
                {title}
              </h2>
            )}
            {lead && <p className="mt-4 text-lg text-muted-foreground">{lead}</p>}
          </header>
        )}
        {children}
      </Container>
    </section>
  )
}
