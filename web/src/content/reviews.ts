/** Written customer reviews on the references page (fixed content compiled into the build). */
export type Review = {
  name: string
  place: string
  service: string
  /** Whole stars, 1 to 5. */
  rating: number
  text: string
}

export const reviews: readonly Review[] = [
  {
    name: 'Kari N.',
    place: 'Nordstrand',
    service: 'Rørlegger, akutt lekkasje',
    rating: 5,
    text: 'Vannet fosset fra et rør under kjøkkenbenken en søndag kveld. Rørleggeren var på døra etter førti minutter, fikk stengt og reparert, og ryddet etter seg. Rolig og ryddig fra start til slutt.',
  },
  {
    name: 'Anders M.',
    place: 'Bærum',
    service: 'Nytt bad',
    rating: 5,
    text: 'Vi fikk en fast pris etter befaringen, og den holdt. Badet ble ferdig på dagen, og vi ble hele tiden orientert om hva som skjedde. Anbefales uten forbehold.',
  },
  {
    name: 'Styreleder i borettslag',
    place: 'Tøyen',
    service: 'Elektriker, sikringsskap',
    rating: 5,
    text: 'Nye sikringsskap i alle 48 leilighetene, og ingen beboer var uten strøm mer enn et par timer. God informasjon til beboerne og dokumentasjon vi faktisk forstår.',
  },
  {
    name: 'Line S.',
    place: 'Majorstuen',
    service: 'Elbillader',
    rating: 5,
    text: 'Elektrikeren sjekket kapasiteten i anlegget før han monterte laderen og forklarte hvorfor. Ryddig jobb, og prisen var akkurat som avtalt.',
  },
  {
    name: 'Daglig leder, kafé',
    place: 'Sentrum',
    service: 'Service og vedlikehold',
    rating: 5,
    text: 'De tar telefonen når vi ringer, også utenfor vanlig arbeidstid. Med serviceavtalen slipper vi å tenke på varmtvann og strøm – det bare fungerer.',
  },
  {
    name: 'Jonas H.',
    place: 'Lillestrøm',
    service: 'Nytt kjøkken',
    rating: 5,
    text: 'Rørlegger og elektriker kom fra samme firma og snakket sammen, så kjøkkenet ble montert uten venting mellom fagene. Svært fornøyd med både resultat og oppfølging.',
  },
]
