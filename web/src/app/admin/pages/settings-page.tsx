import { useEffect } from 'react'
import { EmailText } from '@/components/email-text'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useSettings } from '@/features/settings/api/settings'
import { ClaimsForm } from '@/features/settings/components/claims-form'
import { QuoteDefaultsForm } from '@/features/settings/components/quote-defaults-form'
import { VisitDaysForm } from '@/features/settings/components/visit-days-form'
import { WorkingTimeForm } from '@/features/settings/components/working-time-form'
import { CompanyFactsForm } from '@/features/settings/components/company-facts-form'
import { DeclarationDefaultsForm } from '@/features/settings/components/declaration-defaults-form'
import { InvoicingForm } from '@/features/settings/components/invoicing-form'
import { LogoForm } from '@/features/settings/components/logo-form'
import { PipelineEditor } from '@/features/settings/components/pipeline-editor'
import { useLocation } from 'react-router'
import { PicturePicker } from '../components/picture-picker'
import { useAdminTitle } from '../use-admin-title'

export function SettingsPage() {
  useAdminTitle('Innstillinger')
  const settings = useSettings()

  // The launch checklist links to a card here (#drift): show it once the page is there.
  const { hash } = useLocation()
  const loaded = settings.data !== undefined
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' })
  }, [loaded, hash])

  if (settings.isPending || !settings.data) return settings.isError ? <p className="text-destructive">Kunne ikke hente innstillingene.</p> : <Spinner label="Laster..." />

  const server = settings.data?.server
  return (
    <>
      <h1 className="text-3xl font-bold">Innstillinger</h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-xl font-semibold">Firma</h2>
          <CompanyFactsForm settings={settings.data} />
        </Card>
        <Card className="p-6" id="logo">
          <h2 className="text-xl font-semibold">Logo</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Vises øverst på nettstedet, i nettleserfanen, på hjemskjermen og i e-postene om nye henvendelser.
          </p>
          <LogoForm settings={settings.data} picker={(props) => <PicturePicker {...props} />} />
        </Card>
        <Card className="p-6" id="lofter">
          <h2 className="text-xl font-semibold">Løfter</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Sidene nevner bare løftene som er slått på: i toppen, på forsiden, på fagsidene og i beskrivelsene søkemotorene
            viser. Slå av det dere ikke tilbyr.
          </p>
          {/* Mounted again when the saved promises change, so the form starts from what is stored. */}
          <ClaimsForm key={JSON.stringify(settings.data.claims)} settings={settings.data} />
        </Card>
        <Card className="p-6" id="tilbud">
          <h2 className="text-xl font-semibold">Tilbud</h2>
          <p className="mt-1 text-sm text-muted-foreground">Hva et nytt tilbud starter med. Hvert tilbud kan endre det.</p>
          <QuoteDefaultsForm key={JSON.stringify(settings.data.quote_defaults)} settings={settings.data} />
        </Card>
        <Card className="p-6" id="faktura">
          <h2 className="text-xl font-semibold">Faktura</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Det fakturaene og EHF trenger i tillegg til firmaopplysningene. Org.nr. og adresse hentes fra «Firma».
          </p>
          <InvoicingForm key={JSON.stringify(settings.data.invoicing)} settings={settings.data} />
        </Card>
        <Card className="p-6" id="timer">
          <h2 className="text-xl font-semibold">Timer og lønn</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Timer utover dette er overtid i månedens timer og lønnsgrunnlaget. Arbeidsmiljøloven § 10-4 setter 9 timer per dag og 40 per uke; en tariffavtale kan sette
            lavere grenser. Timer fra «Kveld fra» til kl. 06:00 telles som kveld og natt, for føringer som sier når arbeidet begynte.
          </p>
          <WorkingTimeForm key={JSON.stringify(settings.data.working_time)} settings={settings.data} />
        </Card>
        <Card className="p-6" id="samsvarserklaering">
          <h2 className="text-xl font-semibold">Samsvarserklæring</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Det en ny samsvarserklæring starter med. Sjekklistene kan endres her; hver erklæring krysses av på oppdraget.
          </p>
          <DeclarationDefaultsForm key={JSON.stringify(settings.data.declaration_defaults)} settings={settings.data} />
        </Card>
        <Card className="p-6" id="befaring">
          <h2 className="text-xl font-semibold">Befaring</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Dagene kontaktskjemaet tilbyr under «Når passer det med befaring?», tidligst neste dag dere tar befaring.
          </p>
          <VisitDaysForm key={JSON.stringify(settings.data.visit_days)} settings={settings.data} />
        </Card>
        <Card className="p-6">
          <h2 className="text-xl font-semibold">Lead-pipeline</h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            Statusene i Henvendelser, i rekkefølge. Gi en status nytt navn, så følger leadsene med. En status med leads kan
            ikke fjernes. Velg hva hver status betyr (åpen, vunnet eller tapt): tallene på oversikten følger betydningen,
            ikke navnet.
          </p>
          {/* Mounted again when the saved pipeline changes, so the list starts from what is stored. */}
          <PipelineEditor key={JSON.stringify(settings.data.lead_pipeline)} pipeline={settings.data.lead_pipeline} />
        </Card>
        {server && (
          <Card className="p-6" id="drift">
            <h2 className="text-xl font-semibold">Drift</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Dette settes av den som drifter serveren, ikke her. Se README-filen for innstillingene.
            </p>
            <dl className="mt-4 grid gap-4">
              <div>
                <dt className="text-sm font-semibold">Nettstedets adresse</dt>
                <dd>
                  <span className="[overflow-wrap:anywhere]">{server.public_url}</span>{' '}
                  {server.https ? (
                    <span className="text-muted-foreground">(HTTPS)</span>
                  ) : (
                    <span className="font-medium text-destructive">
                      (uten HTTPS: be den som drifter serveren sette <Variable name="FAGFOLK_PUBLIC_URL" /> til en
                      https-adresse)
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold">Varsel om nye henvendelser på e-post</dt>
                <dd>
                  {server.notify_to ? (
                    <>
                      Sendes til <EmailText email={server.notify_to} />
                    </>
                  ) : (
                    <span className="font-medium text-destructive">
                      Ikke satt opp: be den som drifter serveren sette <Variable name="FAGFOLK_SMTP_URL" /> og{' '}
                      <Variable name="FAGFOLK_NOTIFY_TO" />
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          </Card>
        )}
      </div>
    </>
  )
}

/** A setting of the server by its name, which never breaks inside (it is copied as one). */
function Variable({ name }: { name: string }) {
  return <code className="rounded bg-muted px-1 text-[0.9em] whitespace-nowrap">{name}</code>
}
