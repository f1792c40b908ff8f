import { CheckCircle2, Phone } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/section'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'

/** "Takk for henvendelsen!": where the contact form sends the visitor once the enquiry is
 * stored (also without JavaScript, src/contact/form_post.rs). A reload stores nothing. */
export function ContactSentPage() {
  const site = useSite()
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center" role="status" data-contact-sent>
        <CheckCircle2 className="mx-auto size-14 text-accent-strong dark:text-accent" aria-hidden="true" />
        <h1 className="mt-6 text-3xl font-bold sm:text-4xl">Takk for henvendelsen!</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Vi har fått henvendelsen din og kontakter deg innen 24 timer.
          {site.phone && ' Haster det, ring oss.'}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {site.phone && (
            <Button asChild variant="accent" size="lg">
              <a href={site.phone_uri}>
                <Phone aria-hidden="true" />
                Ring {site.phone}
              </a>
            </Button>
          )}
          <Button asChild variant="outline" size="lg">
            <a href={paths.home}>Til forsiden</a>
          </Button>
        </div>
      </div>
    </Container>
  )
}
