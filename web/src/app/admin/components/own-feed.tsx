import { CalendarPlus, Copy } from 'lucide-react'
import { useState } from 'react'
import { useToast } from '@/components/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input, Label } from '@/components/ui/input'
import { useFeeds, useMakeFeed } from '@/features/visits/api/visits'
import { useI18n } from '@/lib/i18n'

/** The montør's own calendar subscription, made from the phone in one tap: the address is
 * shown once, opened in the phone's calendar (webcal:) or copied. */
export function OwnFeed() {
  const { t } = useI18n()
  const make = useMakeFeed()
  const feeds = useFeeds()
  const toast = useToast()
  const [url, setUrl] = useState<string | null>(null)
  const [replaced, setReplaced] = useState(false)
  return (
    <Card className="grid gap-2 p-4" data-own-feed>
      <h3 className="font-semibold">{t('feed.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('feed.help')}</p>
      {url === null ? (
        <Button
          type="button"
          variant="outline"
          className="h-11 justify-self-start"
          disabled={make.isPending}
          onClick={() =>
            make.mutateAsync('own').then(
              (made) => {
                setReplaced(feeds.data?.some((feed) => feed.scope === 'own') ?? false)
                setUrl(made.url)
              },
              (error: unknown) => toast({ title: t('feed.failed'), description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
            )
          }
        >
          <CalendarPlus aria-hidden="true" /> {t('feed.make')}
        </Button>
      ) : (
        <div className="grid gap-2">
          <Button asChild className="h-11 justify-self-start">
            <a href={url.replace(/^https?:\/\//, 'webcal://')} data-feed-webcal>
              <CalendarPlus aria-hidden="true" /> {t('feed.open')}
            </a>
          </Button>
          <Label htmlFor="own-feed-url">{t('feed.address')}</Label>
          <Input id="own-feed-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-feed-url />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => toast({ title: t('feed.copied') }))}
          >
            <Copy aria-hidden="true" /> {t('feed.copy')}
          </Button>
          {replaced && <span className="text-sm text-muted-foreground">{t('feed.replaced')}</span>}
        </div>
      )}
    </Card>
  )
}
