import type { Picture } from '@/lib/site'

/**
 * A picture from the media library: WebP copies in `srcset` for the browser to choose
 * from by `sizes`, width and height set so nothing moves when it arrives, and loaded
 * lazily unless it is the page's first large picture (`priority`).
 */
export function Photo({
  picture,
  sizes,
  alt,
  className,
  priority = false,
}: {
  picture: Picture
  sizes: string
  alt?: string
  className?: string
  priority?: boolean
}) {
  return (
    <img
      src={picture.src}
      srcSet={picture.srcset || undefined}
      sizes={picture.srcset ? sizes : undefined}
      width={picture.width ?? undefined}
      height={picture.height ?? undefined}
      alt={alt ?? picture.alt}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  )
}
