/** What a customer owes on a job's invoice, as the server hands it to the customer's pages
 * (src/documents/list.rs, `owed`): amounts already written in kroner. */
export type Owed = {
  number: string
  total: string
  /** What credit notes took back, when any did. */
  credited: string | null
  /** What reminders added (their fees and the forsinkelsesrente), when any did. */
  charged?: string | null
  /** Of that, the letters' fees, and the forsinkelsesrente, each when there is any. */
  fees?: string | null
  interest?: string | null
  /** The latest letter the customer was sent, while something is left: "purringen" or
   * "inkassovarselet", the day it was sent and its time to pay, written out. */
  reminded?: { letter: string; sent: string; pay_by: string; passed?: boolean } | null
  /** What is paid so far, when anything is. */
  paid: string | null
  outstanding: string
  /** What the customer paid too much (after a credit note, say), to be paid back. */
  refund: string | null
  /** The due date, written out ("12. desember 2026"). */
  due: string
  overdue: boolean
  /** "1234.56.78903". */
  account: string | null
  kid: string | null
  /** Nothing is left to pay. */
  settled: boolean
}

/** "Kopier": hidden in the HTML, shown and wired by the browser's script
 * (src/app/copy-buttons.ts), so a page without JavaScript offers no button that does nothing. */
function CopyButton({ value, name, what }: { value: string; name: string; what: string }) {
  return (
    <button
      type="button"
      hidden
      data-copy={value}
      data-copy-name={name}
      data-copy-what={what}
      aria-label={`Kopier ${what}`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/60 focus-visible:outline-none"
    >
      Kopier
    </button>
  )
}

/** "Til betaling": what is left on the invoice, by when, to which account with which KID,
 * and what credit notes and payments have taken off; once nothing is left, that it is paid.
 * On the job's documents page and the accepted quote's page, rendered by the server alone. */
export function OwedSummary({ owed }: { owed: Owed }) {
  const title = owed.settled ? (owed.paid ? 'Fakturaen er betalt' : 'Ingenting å betale') : 'Til betaling'
  return (
    <section aria-labelledby="betaling" data-owed={owed.settled ? 'settled' : 'open'} className="mt-6 rounded-lg border bg-background p-4 sm:p-6">
      <h2 id="betaling" className="text-xl font-bold">{title}</h2>
      {owed.settled ? (
        <p className="mt-1">
          {owed.paid ? `Faktura ${owed.number} er betalt. Takk!` : `Faktura ${owed.number} er kreditert, og det står ikke noe igjen å betale.`}
          {owed.refund && ` Du har betalt ${owed.refund} for mye, og det betaler vi tilbake.`}
        </p>
      ) : (
        <>
          <p className="mt-2 text-3xl font-bold tabular-nums" data-outstanding>{owed.outstanding}</p>
          <p className={owed.overdue ? 'mt-1 font-semibold text-destructive' : 'mt-1'}>
            {owed.reminded
              ? owed.reminded.passed
                ? `Forfalt ${owed.due}. Fristen i ${owed.reminded.letter} du fikk ${owed.reminded.sent}, gikk ut ${owed.reminded.pay_by}. Betal så snart du kan.`
                : `Forfalt ${owed.due}. Betal innen ${owed.reminded.pay_by}, fristen i ${owed.reminded.letter} du fikk ${owed.reminded.sent}.`
              : owed.overdue
                ? `Forfalt ${owed.due}. Betal så snart du kan.`
                : `Betales innen ${owed.due}.`}
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {owed.account && (
              <div>
                <dt className="text-sm text-muted-foreground">Til kontonummer</dt>
                <dd className="flex flex-wrap items-center gap-3 font-semibold tabular-nums">
                  {owed.account}
                  <CopyButton value={owed.account.replace(/\D/g, '')} name="Kontonummeret" what="kontonummeret" />
                </dd>
              </div>
            )}
            {owed.kid && (
              <div>
                <dt className="text-sm text-muted-foreground">KID</dt>
                <dd className="flex flex-wrap items-center gap-3 font-semibold tabular-nums">
                  {owed.kid}
                  <CopyButton value={owed.kid} name="KID" what="KID" />
                </dd>
              </div>
            )}
          </dl>
          <p data-copy-status role="status" className="mt-2 min-h-5 text-sm" />
        </>
      )}
      <dl className="mt-4 grid gap-1 border-t pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Faktura {owed.number}</dt>
          <dd className="tabular-nums">{owed.total}</dd>
        </div>
        {owed.credited && (
          <div className="flex justify-between gap-4">
            <dt>Kreditert</dt>
            <dd className="tabular-nums">−{owed.credited}</dd>
          </div>
        )}
        {owed.fees && (
          <div className="flex justify-between gap-4">
            <dt>Purregebyr</dt>
            <dd className="tabular-nums">{owed.fees}</dd>
          </div>
        )}
        {owed.interest && (
          <div className="flex justify-between gap-4">
            <dt>Forsinkelsesrente</dt>
            <dd className="tabular-nums">{owed.interest}</dd>
          </div>
        )}
        {owed.paid && (
          <div className="flex justify-between gap-4">
            <dt>Betalt</dt>
            <dd className="tabular-nums">−{owed.paid}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
