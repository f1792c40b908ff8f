/**
 * What gives Norwegian away on a screen that should be Polish or English (#75 point 6): its
 * letters, and the words the montør's screens and the server's refusals are made of. The
 * tests of the montør's screens (`./catalogue.test.ts`, the screens' own tests, and
 * e2e/montor-language.spec.ts) fail on any of them outside the job's own data.
 */
export const NORWEGIAN =
  /[æøåÆØÅ]|\b(og|ikke|er|på|til|av|med|som|det|den|du|deg|har|kan|skal|må|eller|ennå|igjen|Tilleggsarbeid|tillegg|timer|timene|timeføringen|Lagre|Lagret|Avbryt|Slett|Endre|Før|Ført|Venter|nett|kontoret|oppdrag|oppdraget|Mine|Materiell|materiellet|Planen|Ingenting|Hele|dagen|Fra|Befaring|Uken|uke|Dag|Logg|Merknad|Velg|kvarter|Skriv|Fant|Mandag|Tirsdag|Onsdag|Torsdag|Fredag|Lørdag|Søndag|januar|februar|mars|mai|juni|juli|oktober|desember|bilde|bildet|Prøv|linje|linjen)\b/i

/** The first Norwegian in `text`, or null. */
export function norwegianIn(text: string): string | null {
  return NORWEGIAN.exec(text)?.[0] ?? null
}

/** Every text a person can meet in `root`: its words, and the names and hints read aloud or
 * shown on hover (aria-label, title, placeholder, alt), less `data` (the job's own words,
 * which are the customer's and the office's, in whatever language they were written). */
export function screenText(root: Element, data: string[] = []): string {
  const said = [root.textContent ?? '']
  for (const element of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) said.push(element.getAttribute(name) ?? '')
  }
  let text = said.join('\n')
  for (const words of [...data].sort((a, b) => b.length - a.length)) text = text.replaceAll(words, ' ')
  return text
}
