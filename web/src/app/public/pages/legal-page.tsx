import { ArrowLeft } from 'lucide-react'
import { useEffect } from 'react'
import { paths } from '@/lib/paths'
import { Container } from '@/components/ui/section'
import { useSite } from '@/lib/site'
import type { LegalText } from '@/content/legal/common'
import { cookiesText } from '@/content/legal/cookies'
import { privacyText } from '@/content/legal/privacy'
import { termsText } from '@/content/legal/terms'

/**
 * A legal page opens at its top, also when the visitor comes back to it with the back
 * button (the browser would restore where they were), unless the address names a section.
 */
function useOpenAtTheTop() {
  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const toTop = () => {
      if (!window.location.hash) window.scrollTo(0, 0)
    }
    toTop()
    // A page restored from the back/forward cache runs no effects again, but fires pageshow.
    window.addEventListener('pageshow', toTop)
    return () => window.removeEventListener('pageshow', toTop)
  }, [])
}

/** The shared layout of the legal pages: back link, title, last-updated date, contents and sections. */
function LegalLayout({ id, title, intro, sections }: LegalText) {
  const site = useSite()
  const headingId = `${id}-tittel`
  useOpenAtTheTop()
  return (
    <>
      <section aria-labelledby={headingId} className="bg-brand text-white">
        <Container className="py-12 sm:py-16">
          <a
            href={paths.home}
            className="inline-flex items-center gap-2 text-base text-white/85 hover:text-white hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Tilbake til forsiden
          </a>
          <h1
            id={headingId}
            className="mt-6 max-w-3xl text-3xl font-bold tracking-tight break-words sm:text-5xl"
          >
            {title}
          </h1>
          <p className="mt-4 text-base text-white/80">{`Sist oppdatert: ${site.today}`}</p>
        </Container>
      </section>

      <Container className="py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-label="Innhold på siden" className="lg:sticky lg:top-24 lg:self-start">
            <p className="font-semibold">Innhold</p>
            <ol className="mt-3 space-y-2 text-base">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-muted-foreground hover:text-foreground hover:underline"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="max-w-3xl">
            <div className="space-y-4 text-lg leading-relaxed text-muted-foreground">{intro}</div>
            <div className="mt-12 space-y-12">
              {sections.map((section) => (
                <section
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-tittel`}
                  className="scroll-mt-24"
                >
                  <h2 id={`${section.id}-tittel`} className="text-2xl font-bold">
                    {section.title}
                  </h2>
                  <div className="mt-4 space-y-4 text-base leading-7">{section.content}</div>
                </section>
              ))}
            </div>
          </div>
        </div>
      </Container>
    </>
  )
}

export function PrivacyPage() {
  return <LegalLayout {...privacyText(useSite())} />
}

export function TermsPage() {
  return <LegalLayout {...termsText(useSite())} />
}

export function CookiesPage() {
  return <LegalLayout {...cookiesText(useSite())} />
}
