// What the site stores in the browser ("Informasjonskapsler", /cookies).
import { Card } from '@/components/ui/card'
import { paths } from '@/lib/paths'
import type { Site } from '@/lib/site'
import { ContactDetails, type LegalSection, type LegalText, linkClass, listClass } from './common'

export function cookiesText(site: Site): LegalText {
  const storage: { name: string; kind: string; purpose: string; when: string; lifetime: string }[] = [
    {
      name: 'theme',
      kind: 'Lokal lagring (localStorage)',
      purpose: 'Husker hvilket tema du har valgt: lyst, mørkt eller samme som enheten.',
      when: 'Bare når du selv velger tema. Verdien sendes aldri til oss.',
      lifetime: 'Til du sletter den i nettleseren.',
    },
    {
      name: 'Øktcookie for innlogging',
      kind: 'Strengt nødvendig informasjonskapsel',
      purpose: `Holder ansatte innlogget i administrasjonsområdet (${paths.admin.root}).`,
      when: 'Bare når en ansatt logger inn. Vanlige besøkende får den aldri.',
      lifetime: 'Høyst 24 timer, og den slettes når den ansatte logger ut.',
    },
  ]

  const sections: LegalSection[] = [
    {
      id: 'hva-er-cookies',
      title: 'Hva er informasjonskapsler og lokal lagring?',
      content: (
        <>
          <p>
            Informasjonskapsler (cookies) er små tekstfiler som et nettsted lagrer i nettleseren din. De sendes med
            tilbake til nettstedet ved neste besøk, og brukes blant annet til å holde deg innlogget eller huske valg
            du har gjort.
          </p>
          <p>
            Lokal lagring (localStorage) er et lignende lager i nettleseren. Det som ligger der, blir værende på
            enheten din og sendes ikke automatisk til nettstedet.
          </p>
        </>
      ),
    },
    {
      id: 'dette-bruker-vi',
      title: 'Dette bruker nettstedet',
      content: (
        <>
          <p>
            Nettstedet setter ingen informasjonskapsler for besøkende. Første gang du besøker oss, lagres ingenting på
            enheten din. Dette er alt vi kan lagre:
          </p>
          <ul className="space-y-4">
            {storage.map((item) => (
              <li key={item.name}>
                <Card className="p-5">
                  <h3 className="text-lg font-semibold">{item.name}</h3>
                  <dl className="mt-3 grid gap-x-6 gap-y-2 text-base sm:grid-cols-[9rem_minmax(0,1fr)]">
                    <dt className="font-medium text-muted-foreground">Type</dt>
                    <dd>{item.kind}</dd>
                    <dt className="font-medium text-muted-foreground">Formål</dt>
                    <dd>{item.purpose}</dd>
                    <dt className="font-medium text-muted-foreground">Når</dt>
                    <dd>{item.when}</dd>
                    <dt className="font-medium text-muted-foreground">Lagringstid</dt>
                    <dd>{item.lifetime}</dd>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
          <p>
            Innloggede ansatte kan i tillegg få lagret tekniske innstillinger for administrasjonsområdet, for
            eksempel om sidemenyen er åpen. Dette gjelder ikke vanlige besøkende.
          </p>
          <p>
            Vi bruker ingen informasjonskapsler for analyse, statistikk eller markedsføring, og ingen fra tredjeparter.
            Skrifttypene lastes fra vår egen server. Fordi vi bare lagrer det som er strengt nødvendig eller som du
            selv ber om, trenger vi ikke be om samtykke.
          </p>
        </>
      ),
    },
    {
      id: 'lagringstid',
      title: 'Lagringstid',
      content: (
        <>
          <p>Dette er de lengste lagringstidene vi tillater:</p>
          <ul className={listClass}>
            <li>Vedvarende informasjonskapsler lagres i opptil 2 år.</li>
            <li>Informasjonskapsler for analyse lagres i opptil 24 måneder.</li>
          </ul>
          <p>
            Nettstedet bruker i dag ingen analysekapsler. Tar vi slike i bruk senere, ber vi om samtykke først og
            oppdaterer denne siden.
          </p>
        </>
      ),
    },
    {
      id: 'slik-styrer-du',
      title: 'Slik sletter og styrer du informasjonskapsler',
      content: (
        <>
          <p>
            Du bestemmer selv over det som lagres i nettleseren din. I de fleste nettlesere, som Chrome, Edge, Firefox
            og Safari, finner du dette under innstillingene for personvern og sikkerhet. Der kan du
          </p>
          <ul className={listClass}>
            <li>se og slette lagrede data for ett enkelt nettsted</li>
            <li>slette alle informasjonskapsler og nettstedsdata</li>
            <li>blokkere informasjonskapsler helt eller delvis</li>
          </ul>
          <p>
            Sletter du nettstedsdata for dette nettstedet, forsvinner temavalget ditt, og siden vises igjen med lyst
            tema. Du kan også bytte tema når som helst med temaknappen øverst på siden.
          </p>
          <p>
            Blokkerer du alle informasjonskapsler, fungerer nettstedet som før for besøkende, men ansatte kan ikke
            logge inn i administrasjonsområdet.
          </p>
        </>
      ),
    },
    {
      id: 'kontakt',
      title: 'Kontakt',
      content: (
        <>
          <p>
            Har du spørsmål om informasjonskapsler eller personvern, kan du kontakte oss. Les også{' '}
            <a href={paths.privacy} className={linkClass}>
              personvernerklæringen
            </a>{' '}
            vår.
          </p>
          <ContactDetails site={site} />
        </>
      ),
    },
  ]
  return {
    id: 'cookies',
    title: 'Informasjonskapsler (cookies)',
    intro: (
      <p>
        Her forklarer vi hva {site.company_name} lagrer i nettleseren din, hvorfor, og hvordan du selv kan slette
        det.
      </p>
    ),
    sections,
  }
}
