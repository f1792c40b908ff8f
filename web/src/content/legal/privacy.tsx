// The privacy statement ("Personvernerklæring", /personvern), with the firm's facts from settings.
import { paths } from '@/lib/paths'
import type { Site } from '@/lib/site'
import { ContactDetails, type LegalSection, type LegalText, linkClass, listClass } from './common'

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
