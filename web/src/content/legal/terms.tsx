// The terms ("Vilkår", /vilkar), with the firm's facts from settings.
import { type Site, warranty } from '@/lib/site'
import { ContactDetails, type LegalSection, type LegalText, listClass } from './common'

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
