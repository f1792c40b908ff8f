import { FileText } from 'lucide-react'
import { CustomerHeader } from '../customer-header'
import { useSite } from '@/lib/site'
import { type Owed, OwedSummary } from '../owed-summary'

/** What the server renders a job's documents page with (src/documents/customer.rs). */
export type DocumentsData = {
  /** The job's title, as the office named it. */
  title: string
  customer: string
  address: string | null
  /** Whether the work is done (the invoice basis is listed only then). */
  finished: boolean
  /** The last day the link works, written out ("26. februar 2027"). */
  expires: string | null
  firm: { name: string; phone: string | null; email: string | null } | null
  /** Each document, a PDF under this page's address (src/documents/mod.rs). */
  documents: { title: string; href: string }[]
  /** What is owed on the job's invoice, once it is invoiced. */
  owed: Owed | null
}

/** The customer's page of a job's documents, `/dokumenter/{token}`: rendered by the server
 * alone (no script runs on it), a list of PDFs, phone first. */
export function DocumentsPage({ page }: { page: DocumentsData }) {
  const site = useSite()
  const firm = page.firm?.name || site.company_name
  const phone = site.phone
  return (
    <div data-server-only className="min-h-screen bg-muted/40 text-foreground">
      <CustomerHeader firm={firm} phone={phone} />
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-bold sm:text-3xl">Dokumenter fra oppdraget</h1>
        <p className="mt-1 text-muted-foreground">
          {page.title}
          {page.address && ` · ${page.address}`} · til {page.customer}
        </p>
        {page.owed && <OwedSummary owed={page.owed} />}
        <section aria-labelledby="dokumenter" className="mt-6 rounded-lg border bg-background p-4 sm:p-6">
          <h2 id="dokumenter" className="text-xl font-bold">{page.finished ? 'Arbeidet er ferdig' : 'Dokumentene så langt'}</h2>
          <p className="mt-1 text-muted-foreground">Her er dokumentene, som PDF. Last ned det du vil ta vare på.</p>
          {page.documents.length === 0 ? (
            <p className="mt-3">Ingen dokumenter ennå.</p>
          ) : (
            <ul className="mt-3 divide-y">
              {page.documents.map((document) => (
                <li key={document.href}>
                  <a className="flex min-h-11 items-center gap-3 py-2 font-semibold text-primary underline underline-offset-4" href={document.href}>
                    <FileText className="size-5 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 break-words">{document.title}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        {page.expires && (
          <p className="mt-4 text-sm text-muted-foreground">
            Lenken virker til {page.expires}.{phone && ' Trenger du dokumentene senere, ring oss, så sender vi en ny lenke.'}
          </p>
        )}
      </main>
      <footer className="mx-auto max-w-3xl px-4 pb-10 text-sm text-muted-foreground">
        {[firm, page.firm?.email].filter(Boolean).join(' · ')}
      </footer>
    </div>
  )
}
