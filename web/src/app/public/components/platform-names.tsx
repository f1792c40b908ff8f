import { Fragment } from 'react'
import type { Platform } from '@/lib/site'

/** The platforms the firm is listed on, as "A, B og C", each a link where its profile is given. */
export function PlatformNames({ platforms, className }: { platforms: Platform[]; className?: string }) {
  return (
    <span className={className}>
      {platforms.map((platform, index) => (
        <Fragment key={platform.id}>
          {index > 0 && (index === platforms.length - 1 ? ' og ' : ', ')}
          {platform.url ? (
            <a href={platform.url} className="underline underline-offset-2 hover:no-underline" rel="noopener">
              {platform.name}
            </a>
          ) : (
            platform.name
          )}
        </Fragment>
      ))}
    </span>
  )
}
