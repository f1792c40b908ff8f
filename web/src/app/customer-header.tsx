import { Phone } from 'lucide-react'
import { useSite } from '@/lib/site'

/** The top of a customer's own page (a quote, `quote/quote-page.tsx`; a job's documents,
 * `documents/documents-page.tsx`): the firm's name and, when it has one, the site's phone. */
export function CustomerHeader({ firm, phone }: { firm: string; phone: string | null | undefined }) {
  const site = useSite()
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
        <p className="font-bold">{firm}</p>
        {phone && (
          <a href={site.phone_uri} className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 font-semibold text-primary underline-offset-4 hover:underline">
            <Phone className="size-4" aria-hidden="true" />
            {phone}
          </a>
        )}
      </div>
    </header>
  )
}
