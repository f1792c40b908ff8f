// The legal texts of the public site (personvern, vilkår, cookies), with the firm's facts
// from settings filled in. src/app/public/pages/legal-page.tsx lays them out.
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { paths } from '@/lib/paths'
import { type Site, warranty } from '@/lib/site'

export type LegalSection = { id: string; title: string; content: ReactNode }
export type LegalText = { id: string; title: string; intro: ReactNode; sections: LegalSection[] }

const linkClass = 'font-medium text-accent-strong underline underline-offset-4 hover:no-underline dark:text-accent'
const listClass = 'list-disc space-y-2 pl-6 marker:text-muted-foreground'

/** The firm's contact details from settings, never hard-coded. */
function ContactDetails({ site }: { site: Site }) {
  return (
    <Card className="p-6">
      <address className="space-y-1 text-base not-italic">
        <p className="font-semibold">{site.company_name}</p>
        <p>Org.nr. {site.orgnr}</p>
        <p>{site.adresse}</p>
        <p>
          E-post:{' '}
          <a href={`mailto:${site.email}`} className={linkClass}>
            {site.email}
          </a>
        </p>
        <p>
          Telefon:{' '}
          <a href={site.phone_uri} className={linkClass}>
            {site.phone}
          </a>
        </p>
      </address>
    </Card>
  )
}

export function privacyText(site: Site): LegalText {
  const sections: LegalSection[] = [
    {
      id: 'introduksjon',
      title: 'Introduksjon',
      content: (
        <>
          <p>
            {site.company_name} (org.nr. {site.orgnr}) er behandlingsansvarlig for personopplysningene som behandles
            når du bruker dette nettstedet eller tar kontakt med oss. Denne erklæringen forklarer hvilke opplysninger vi
            samler inn, hvorfor vi gjør det, og hvilke rettigheter du har etter personvernforordningen (GDPR) og
            personopplysningsloven.
          </p>
          <p>Vi samler ikke inn flere opplysninger enn vi trenger, og vi selger aldri opplysninger til andre.</p>
        </>
      ),
    },
    {
      id: 'opplysninger',
      title: 'Hvilke opplysninger vi samler inn',
      content: (
        <>
          <p>Når du sender oss en forespørsel via kontaktskjemaet, lagrer vi:</p>
          <ul className={listClass}>
            <li>navn</li>
            <li>telefonnummer</li>
            <li>e-postadresse</li>
            <li>tjenesten du har valgt, hvis du har valgt en</li>
            <li>meldingen din, med det du selv skriver om oppdraget</li>
          </ul>
          <p>
            Ringer du eller sender du oss e-post, behandler vi opplysningene du selv gir oss i samtalen eller
            meldingen. Blir du kunde, registrerer vi også opplysninger som trengs for å gjennomføre og fakturere
            oppdraget, som adressen der arbeidet skal utføres.
          </p>
          <p>
            Nettstedet bruker ingen analyseverktøy, sporingspiksler eller annonsenettverk, og setter ingen
            informasjonskapsler (cookies) for besøkende. Det eneste som lagres på enheten din, er temavalget ditt
            (lyst, mørkt eller samme som enheten) under nøkkelen «theme» i nettleserens lokale lagring, og det skjer
            bare når du selv velger tema. Ansatte som logger inn i administrasjonsområdet, får en strengt nødvendig
            øktcookie. Les mer på siden om{' '}
            <a href={paths.cookies} className={linkClass}>
              informasjonskapsler
            </a>
            .
          </p>
          <p>
            Når du besøker nettstedet, behandler serveren tekniske opplysninger som IP-adressen din for å kunne levere
            sidene og beskytte kontaktskjemaet mot misbruk.
          </p>
        </>
      ),
    },
    {
      id: 'bruk',
      title: 'Hvordan vi bruker opplysningene',
      content: (
        <>
          <p>Vi bruker opplysningene fra kontaktskjemaet til å</p>
          <ul className={listClass}>
            <li>besvare henvendelsen din og avtale eventuell befaring</li>
            <li>gi deg tilbud og pris på oppdraget</li>
            <li>følge opp henvendelsen som en kundesak, slik at den ikke blir glemt</li>
            <li>gjennomføre, dokumentere og fakturere oppdraget hvis du blir kunde</li>
          </ul>
          <p>
            Behandlingsgrunnlaget er at behandlingen er nødvendig for å gjennomføre tiltak du ber om før en avtale
            inngås, og for å oppfylle avtalen med deg (GDPR artikkel 6 nr. 1 bokstav b). Oppfølging av henvendelser og
            beskyttelse av nettstedet bygger på vår berettigede interesse (artikkel 6 nr. 1 bokstav f). Regnskaps- og
            fakturaopplysninger behandler vi fordi loven krever det (artikkel 6 nr. 1 bokstav c).
          </p>
          <p>Vi bruker ikke opplysningene dine til markedsføring eller nyhetsbrev, og vi lager ingen profiler.</p>
        </>
      ),
    },
    {
      id: 'deling',
      title: 'Deling av opplysninger',
      content: (
        <>
          <p>Vi deler ikke personopplysningene dine med andre, bortsett fra når det er nødvendig for å</p>
          <ul className={listClass}>
            <li>
              drifte nettstedet og e-posten vår, hos leverandører som behandler opplysningene på våre vegne og etter
              våre instrukser (databehandlere, med databehandleravtale)
            </li>
            <li>oppfylle krav i lov, for eksempel overfor regnskapsfører, revisor eller offentlige myndigheter</li>
          </ul>
          <p>
            Skrifttypene på nettstedet lastes fra vår egen server, og nettstedet henter ikke innhold fra tredjeparter
            når du besøker det. Ingen andre får dermed vite at du har vært her.
          </p>
        </>
      ),
    },
    {
      id: 'rettigheter',
      title: 'Dine rettigheter etter GDPR',
      content: (
        <>
          <p>Du har rett til å</p>
          <ul className={listClass}>
            <li>
              <strong>innsyn</strong>: få vite hvilke opplysninger vi har om deg, og få en kopi av dem
            </li>
            <li>
              <strong>retting</strong>: få rettet opplysninger som er feil eller ufullstendige
            </li>
            <li>
              <strong>sletting</strong>: få slettet opplysninger vi ikke lenger har grunnlag for å beholde
            </li>
            <li>
              <strong>begrensning</strong>: be om at behandlingen begrenses, for eksempel mens en uenighet avklares
            </li>
            <li>
              <strong>dataportabilitet</strong>: få utlevert opplysninger du har gitt oss, i et maskinlesbart format
            </li>
            <li>
              <strong>protest</strong>: protestere mot behandling som bygger på vår berettigede interesse
            </li>
            <li>
              <strong>klage til Datatilsynet</strong>: klage hvis du mener vi behandler opplysningene dine i strid med
              regelverket, se{' '}
              <a href="https://www.datatilsynet.no" className={linkClass}>
                datatilsynet.no
              </a>
            </li>
          </ul>
          <p>
            Kontakt oss for å bruke rettighetene dine. Vi svarer uten ugrunnet opphold, og senest innen én måned. Vi
            kan be deg bekrefte hvem du er før vi utleverer eller endrer opplysninger.
          </p>
        </>
      ),
    },
    {
      id: 'sikkerhet',
      title: 'Sikkerhet og lagringstid',
      content: (
        <>
          <p>
            All trafikk til og fra nettstedet er kryptert. Henvendelser er bare tilgjengelige for ansatte som trenger
            dem i arbeidet, og de må logge inn med personlig brukerkonto. Endringer i administrasjonsområdet logges.
          </p>
          <p>
            Vi lagrer henvendelser så lenge det er nødvendig for å besvare og følge opp saken. Blir det oppdrag,
            oppbevarer vi opplysningene som en del av kundeforholdet så lenge garanti- og reklamasjonstiden varer.
            Regnskapsmateriale, som fakturaer, oppbevares så lenge bokføringsloven krever. Henvendelser som ikke fører
            til oppdrag, sletter vi når de ikke lenger er nødvendige å følge opp.
          </p>
        </>
      ),
    },
    {
      id: 'kontakt',
      title: 'Kontakt',
      content: (
        <>
          <p>Har du spørsmål om personvern, eller vil du bruke rettighetene dine, kan du kontakte oss:</p>
          <ContactDetails site={site} />
        </>
      ),
    },
  ]
  return {
    id: 'personvern',
    title: 'Personvernerklæring',
    intro: (
      <p>
        Vi tar personvernet ditt på alvor. Her forklarer vi hvordan {site.company_name} behandler
        personopplysninger, og hvordan du kan ta kontakt med oss om dem.
      </p>
    ),
    sections,
  }
}

export function termsText(site: Site): LegalText {
  const sections: LegalSection[] = [
    {
      id: 'omfang',
      title: 'Omfang',
      content: (
        <>
          <p>
            Disse vilkårene gjelder for alle oppdrag {site.company_name} utfører for private kunder og bedrifter,
            med mindre annet er avtalt skriftlig. Ved motstrid går det som står i det skriftlige tilbudet eller
            avtalen, foran disse vilkårene.
          </p>
          <p>
            Er du forbruker, gjelder håndverkertjenesteloven i tillegg. Vilkårene begrenser ikke rettighetene du har
            etter loven. For entrepriser og større næringsoppdrag kan det avtales egne kontraktsvilkår, for eksempel
            etter Norsk Standard.
          </p>
        </>
      ),
    },
    {
      id: 'tilbud-og-pris',
      title: 'Tilbud og pris',
      content: (
        <>
          <p>
            {site.claims.binding_price ? 'Tilbud er bindende etter befaring. ' : ''}Tilbudet beskriver hva som skal
            gjøres, hva det koster og når arbeidet kan utføres.
          </p>
          <p>
            Priser oppgis eksklusive merverdiavgift (mva) der ikke annet er oppgitt. Priser på nettsidene er oppgitt
            inklusive mva.
          </p>
          <p>
            Priser på nettsidene er veiledende fra-priser. Endelig pris fastsettes i tilbudet. Tilleggsarbeid som ikke
            er med i tilbudet, avtales med deg før det utføres.
          </p>
        </>
      ),
    },
    {
      id: 'betaling',
      title: 'Betaling',
      content: (
        <>
          <p>Betalingsfristen er 14 dager fra fakturadato.</p>
          <p>
            Ved forsinket betaling beregnes forsinkelsesrente etter forsinkelsesrenteloven. For større oppdrag kan det
            avtales delfakturering etter fremdrift; dette står i så fall i tilbudet.
          </p>
        </>
      ),
    },
    {
      id: 'avbestilling',
      title: 'Avbestilling',
      content: (
        <>
          <p>Må du avbestille eller flytte en avtale, gi oss beskjed så tidlig som mulig.</p>
          <ul className={listClass}>
            <li>Avbestilling mindre enn 24 timer før avtalt tidspunkt faktureres med 50 % av avtalt pris.</li>
            <li>Arbeid som allerede er påbegynt, faktureres fullt ut.</li>
          </ul>
          <p>Avbestilling gjøres på telefon eller e-post, slik at vi kan bekrefte at den er mottatt.</p>
        </>
      ),
    },
    {
      id: 'garanti',
      title: 'Garanti og reklamasjon',
      content: (
        <>
          {warranty(site) && <p>Arbeidet vårt har {warranty(site)}.</p>}
          <p>
            Oppdager du en feil eller mangel ved arbeidet, gi oss beskjed så snart som mulig, så utbedrer vi den. For
            forbrukere gjelder i tillegg reglene om reklamasjon i håndverkertjenesteloven.
          </p>
          <p>
            {warranty(site) ? 'Garantien gjelder ikke' : 'Vi retter ikke uten kostnad'} feil som skyldes normal slitasje, feil bruk, manglende vedlikehold eller inngrep
            fra andre. Produkter og materiell har i tillegg produsentens garanti.
          </p>
        </>
      ),
    },
    {
      id: 'ansvar',
      title: 'Ansvar',
      content: (
        <>
          <p>
            Vi er ansvarlige for skade vi påfører eiendommen din under arbeidet, etter alminnelige
            erstatningsregler. Vi er ikke ansvarlige for indirekte tap, som driftstap eller tapt fortjeneste, med
            mindre skaden skyldes grov uaktsomhet eller forsett, eller annet følger av ufravikelig lov.
          </p>
          <p>
            Du sørger for at vi har adgang til arbeidsstedet til avtalt tid, og gir oss beskjed om forhold vi bør
            kjenne til, som skjulte rør, ledninger eller tidligere fuktskader.
          </p>
        </>
      ),
    },
    {
      id: 'tvister',
      title: 'Tvister',
      content: (
        <>
          <p>
            Er vi uenige, skal vi først prøve å løse saken i minnelighet. Er du forbruker, kan du også få hjelp av
            Forbrukerrådet.
          </p>
          <p>Tvister som ikke løses i minnelighet, avgjøres av Oslo tingrett.</p>
        </>
      ),
    },
    {
      id: 'kontakt',
      title: 'Kontakt',
      content: (
        <>
          <p>Har du spørsmål om vilkårene, kan du kontakte oss:</p>
          <ContactDetails site={site} />
        </>
      ),
    },
  ]
  return {
    id: 'vilkar',
    title: 'Vilkår',
    intro: (
      <p>
        Her finner du vilkårene som gjelder når du bestiller arbeid fra {site.company_name}. Les dem gjerne før du
        takker ja til et tilbud.
      </p>
    ),
    sections,
  }
}

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
