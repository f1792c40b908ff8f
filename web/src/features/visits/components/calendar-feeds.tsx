import { CalendarPlus, Copy } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Input, Label } from '@/components/ui/input'
import { formatDate } from '@/lib/format'
import { type FeedScope, useFeeds, useMakeFeed, useRevokeFeed } from '../api/visits'

const WORDS: Record<FeedScope, { title: string; help: string }> = {
  own: { title: 'Mine befaringer og oppdrag', help: 'Befaringene du skal på, og dagene du er satt opp på et oppdrag.' },
  all: { title: 'Alle befaringer og oppdrag', help: 'Alles befaringer og oppdragsdager (bare for administratorer).' },
}

/** "Abonner i kalenderen": a secret address per feed for a phone's or computer's calendar.
 * The address is shown once, when made; a new one replaces it, and it can be switched off. */
export function CalendarFeeds({ isAdmin }: { isAdmin: boolean }) {
  const feeds = useFeeds()
  const make = useMakeFeed()
  const revoke = useRevokeFeed()
  const toast = useToast()
  // The address just made; `replaced` when it took the place of one (that one stops).
  const [shown, setShown] = useState<{ scope: FeedScope; url: string; replaced: boolean } | null>(null)
  const scopes: FeedScope[] = isAdmin ? ['own', 'all'] : ['own']
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: error instanceof Error ? error.message : undefined, variant: 'destructive' })
  return (
    <section aria-labelledby="calendar-feeds" className="grid gap-3 rounded-lg border border-border p-4">
      <h2 id="calendar-feeds" className="text-lg font-semibold">Abonner i kalenderen</h2>
      <p className="text-sm text-muted-foreground">
        Lim adressen inn i kalenderen på telefonen (Legg til abonnement) eller i Outlook og Google Kalender. Den er hemmelig: den som har den, ser befaringene.
      </p>
      {scopes.map((scope) => {
        const feed = feeds.data?.find((f) => f.scope === scope)
        return (
          <div key={scope} className="grid gap-2 border-t border-border pt-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-semibold">{WORDS[scope].title}</span>{' '}
                <span className="text-sm text-muted-foreground">
                  {feed ? `Lenke laget ${formatDate(feed.created_at)}.` : 'Ingen lenke.'} {WORDS[scope].help}
                </span>
              </span>
              <span className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={make.isPending}
                  onClick={() =>
                    make.mutateAsync(scope).then((made) => setShown({ scope, url: made.url, replaced: Boolean(feed) }), fail('Kunne ikke lage lenken'))
                  }
                >
                  {feed ? 'Lag ny lenke' : 'Lag lenke'}
                </Button>
                {feed && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutateAsync(scope).then(() => {
                        if (shown?.scope === scope) setShown(null)
                        toast({ title: 'Lenken er slått av', description: 'Kalendere som bruker den, får ikke flere befaringer.' })
                      }, fail('Kunne ikke slå av lenken'))
                    }
                  >
                    Slå av
                  </Button>
                )}
              </span>
            </div>
            {shown?.scope === scope && (
              <div className="grid gap-1">
                <Label htmlFor={`feed-${scope}`}>Kalenderadresse (vises bare nå)</Label>
                <Input id={`feed-${scope}`} readOnly value={shown.url} onFocus={(event) => event.currentTarget.select()} data-feed-url />
                <span className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => void navigator.clipboard?.writeText(shown.url).then(() => toast({ title: 'Adressen er kopiert' }))}
                  >
                    <Copy aria-hidden="true" /> Kopier adressen
                  </Button>
                  {/* webcal: opens the phone's or computer's calendar with the subscription filled in. */}
                  <Button asChild variant="outline" size="sm">
                    <a href={shown.url.replace(/^https?:\/\//, 'webcal://')} data-feed-webcal>
                      <CalendarPlus aria-hidden="true" /> Åpne i kalenderen
                    </a>
                  </Button>
                </span>
                {shown.replaced && <span className="text-sm text-muted-foreground">En tidligere lenke virker ikke lenger.</span>}
              </div>
            )}
          </div>
        )
      })}
    </section>
  )
}
