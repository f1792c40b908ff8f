/** Home page testimonials: fixed content, not from the backend. */
export type Testimonial = { name: string; location: string; text: string; rating: 5; service: string }

export const testimonials: Testimonial[] = [
  {
    name: 'Ingrid H.',
    location: 'Nordstrand, Oslo',
    text: 'Vannet fosset fra en rørskjøt en søndag kveld. Rørleggeren var hos oss etter 40 minutter og fikk stoppet lekkasjen og tørket opp. Ryddig og rolig fra start til slutt.',
    rating: 5,
    service: 'Akutt lekkasje',
  },
  {
    name: 'Martin og Sara L.',
    location: 'Asker',
    text: 'Totalrenovering av badet ble ferdig på dagen, og prisen var akkurat den vi fikk etter befaringen. Flis, rør og elektrisk fra samme firma gjorde alt enklere.',
    rating: 5,
    service: 'Baderomsrenovering',
  },
  {
    name: 'Thomas B.',
    location: 'Grünerløkka, Oslo',
    text: 'Fikk byttet gammelt sikringsskap og montert elbillader. God forklaring underveis, samsvarserklæring på e-post samme dag.',
    rating: 5,
    service: 'Elektriker',
  },
]
