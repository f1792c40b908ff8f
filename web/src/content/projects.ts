/** The three featured projects on the references page (fixed content compiled into the build). */
export type Project = {
  title: string
  location: string
  year: string
  type: string
  description: string
  highlights: string[]
}

export const featuredProjects: readonly Project[] = [
  {
    title: 'Totalrenovering av bad i bygård på Frogner',
    location: 'Frogner, Oslo',
    year: '2024',
    type: 'Baderom',
    description:
      'Et slitt bad fra 1980-tallet i en leilighet i fjerde etasje ble revet ned til bærende konstruksjon og bygget opp på nytt. Vi koordinerte rørlegger, elektriker og flislegger, og holdt styret i sameiet orientert underveis.',
    highlights: [
      'Nytt sluk, membran og tetthetskontroll etter våtromsnormen',
      'Varmekabler med termostat og nytt lys i tak og speil',
      'Ferdig på fire uker, som avtalt i tilbudet',
      'Samsvarserklæring og dokumentasjon levert ved overlevering',
    ],
  },
  {
    title: 'Nytt storkjøkken for restaurant på Grünerløkka',
    location: 'Grünerløkka, Oslo',
    year: '2023',
    type: 'Næring',
    description:
      'Restauranten skulle bytte ut hele kjøkkenet og hadde bare ti dager uten servering. Vi planla arbeidet sammen med kjøkkenleverandøren, slik at rør og strøm var klare den dagen utstyret kom.',
    highlights: [
      'Ny fettutskiller og avløp dimensjonert for storkjøkken',
      'Egne kurser til ovner, oppvaskmaskin og kjøleanlegg',
      'Arbeid på kveld og natt for å holde fremdriften',
      'Restauranten åpnet igjen etter ti dager',
    ],
  },
  {
    title: 'El og rør i nytt boligprosjekt i Lillestrøm',
    location: 'Lillestrøm, Viken',
    year: '2022',
    type: 'Kontraktsarbeid',
    description:
      'Som underentreprenør for en totalentreprenør leverte vi komplett elektro- og rørleggerarbeid i et boligbygg med 36 leiligheter, fra byggestrøm til sluttkontroll og overtakelse.',
    highlights: [
      '36 leiligheter med vannbåren gulvvarme og ferdige bad',
      'Ladepunkt med lastbalansering i parkeringskjelleren',
      'Bemanning tilpasset fremdriftsplanen gjennom hele bygget',
      'FDV-dokumentasjon levert komplett før overtakelse',
    ],
  },
]
