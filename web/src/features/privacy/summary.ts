import { formatDateTime, formatDay } from '@/lib/format'
import type { PersonData } from './api/privacy'

/** Text for HTML, escaped. */
function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

/** One row of a fact list; nothing for a value that is not there. */
function fact(label: string, value: string | null | undefined): string {
  return value ? `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>` : ''
}

function section(title: string, empty: string, items: string[]): string {
  return `<h2>${escape(title)}</h2>${items.length ? items.join('') : `<p>${escape(empty)}</p>`}`
}

/**
 * What is stored about a person, as a page they can read: Norwegian words, Norwegian dates
 * and times, no internal ids or field names. Handed to them beside the JSON file (the
 * machine-readable copy the law also asks for), made in the browser from the same export.
 */
export function summaryHtml(data: PersonData, firm: string): string {
  const leads = data.leads.map(
    (lead) =>
      `<section><h3>${escape(lead.name || 'Uten navn')}</h3><dl>${[
        fact('E-post', lead.email),
        fact('Telefon', lead.phone),
        fact('Adresse', [lead.adresse, lead.postnr].filter(Boolean).join(', ')),
        fact('Beskrivelse', lead.beskrivelse),
        fact('Status', lead.status),
        fact('Kilde', lead.kilde),
        fact('Oppfølging', lead.follow_up ? formatDay(lead.follow_up) : null),
        fact('Andre kontaktopplysninger', lead.other_contacts.map((contact) => contact.value).join(', ')),
        fact('Registrert', formatDateTime(lead.created_at)),
        fact('Sist endret', formatDateTime(lead.updated_at)),
      ].join('')}</dl></section>`,
  )
  const submissions = data.submissions.map(
    (sent) =>
      `<section><h3>${escape(formatDateTime(sent.created_at))}</h3><dl>${[
        fact('Navn', sent.name),
        fact('E-post', sent.email),
        fact('Telefon', sent.phone),
        fact('Melding', sent.message),
      ].join('')}</dl></section>`,
  )
  const notes = data.notes.map(
    (note) => `<section><h3>${escape(formatDateTime(note.created_at))}, ${escape(note.author_name)}</h3><p>${escape(note.body)}</p></section>`,
  )
  const emails = data.emails.map(
    (mail) => `<p>${escape(formatDateTime(mail.sent_at))}: «${escape(mail.subject)}» til ${escape(mail.recipient)}</p>`,
  )
  // An erasure keeps these: a job's records and hours are bookkeeping documentation.
  const jobs = data.jobs.map(
    (job) =>
      `<section><h3>${escape(job.title)}</h3><dl>${[
        fact('Kunde', job.customer_name),
        fact('Adresse', job.customer_address),
        fact('Fra', job.start_day ? formatDay(job.start_day) : null),
        fact('Til', job.end_day ? formatDay(job.end_day) : null),
        fact('Registrert', formatDateTime(job.created_at)),
      ].join('')}</dl></section>`,
  )
  const kept = jobs.length
    ? '<p>Oppdrag og timelistene til dem oppbevares i 10 år som regnskapsmateriale (bokføringsforskriften § 8-1-2), også om du ber om sletting.</p>'
    : ''
  const changes = data.audit.length
    ? `<p>Loggen har ${data.audit.length} ${data.audit.length === 1 ? 'oppføring' : 'oppføringer'} om endringer i opplysningene over (hvem som endret hva og når). Den følger med i JSON-filen.</p>`
    : ''
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Personopplysninger hos ${escape(firm)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #cbd5e1; } h3 { font-size: 1.05rem; margin-bottom: .25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; } dt { font-weight: 600; } dd { margin: 0; white-space: pre-wrap; }
section { margin-bottom: 1rem; }
</style>
</head>
<body>
<h1>Personopplysninger hos ${escape(firm)}</h1>
<p>Dette er alt ${escape(firm)} har lagret om <strong>${escape(data.person)}</strong>, hentet ${escape(formatDateTime(data.exported_at))}.</p>
${section('Henvendelser', 'Ingen henvendelser.', leads)}
${section('Meldinger fra kontaktskjemaet', 'Ingen meldinger.', submissions)}
${section('Notater', 'Ingen notater.', notes)}
${section('E-post sendt', 'Ingen e-post sendt.', emails)}
${section('Oppdrag', 'Ingen oppdrag.', jobs)}
${kept}
${changes}
</body>
</html>
`
}
