import { Link } from 'react-router'
import { formatDay } from '@/lib/format'
import { kroner } from '@/lib/money'
import { paths } from '@/lib/paths'
import type { InvoiceRow } from '../api/payments'
import { InvoiceStateBadge } from './invoice-state'

/** The rows of "Fakturaer": number, customer, days, total, what is left and the state. A
 * credit note says which invoice it credits, its sum as taken back. */
export function InvoiceTable({ rows }: { rows: InvoiceRow[] }) {
  if (!rows.length) return <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">Ingen fakturaer her.</p>
  return (
    <>
      {/* A phone reads each invoice as a card; from 640 px it is a table. */}
      <ul className="grid gap-2 sm:hidden">
        {rows.map((row) => (
          <li key={row.id} data-invoice-card={row.number} className="grid gap-1 rounded-xl border border-border bg-card p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <Link className="font-semibold text-primary underline-offset-4 hover:underline" to={paths.admin.invoice(row.id)}>
                {row.kind === 'credit_note' ? `Kreditnota ${row.number}` : row.number}
              </Link>
              <InvoiceStateBadge state={row.state} />
            </div>
            <span>{row.customer}</span>
            {row.credits && <span className="text-muted-foreground">krediterer {row.credits}</span>}
            <span className="text-muted-foreground">
              {row.kind === 'invoice'
                ? `${kroner(row.balance.total)}, forfall ${formatDay(row.due_date)}, står igjen ${kroner(row.balance.outstanding)}`
                : `${kroner(-row.balance.total)}, ${formatDay(row.issue_date)}`}
            </span>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-border sm:block">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Nummer</th>
            <th scope="col" className="px-3 py-2 font-medium">Kunde</th>
            <th scope="col" className="px-3 py-2 font-medium">Fakturadato</th>
            <th scope="col" className="px-3 py-2 font-medium">Forfall</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Beløp</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Utestående</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id} data-invoice-row={row.number}>
              <td className="px-3 py-2">
                <Link className="font-semibold text-primary underline-offset-4 hover:underline" to={paths.admin.invoice(row.id)}>
                  {row.kind === 'credit_note' ? `Kreditnota ${row.number}` : row.number}
                </Link>
                {row.credits && <span className="block text-muted-foreground">krediterer {row.credits}</span>}
              </td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">{row.customer}</td>
              <td className="px-3 py-2">{formatDay(row.issue_date)}</td>
              <td className="px-3 py-2">{row.kind === 'invoice' ? formatDay(row.due_date) : '–'}</td>
              <td className="px-3 py-2 text-right tabular-nums">{kroner(row.kind === 'credit_note' ? -row.balance.total : row.balance.total)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.kind === 'invoice' ? kroner(row.balance.outstanding) : '–'}</td>
              <td className="px-3 py-2"><InvoiceStateBadge state={row.state} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </>
  )
}
