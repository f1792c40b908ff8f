import { Link } from 'react-router'
import { formatDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import type { QuoteRow } from '../api/quotes'
import { kroner } from '@/lib/money'
import { QuoteStatusBadge } from './quote-status'

/** The quotes of the "Tilbud" page: number, customer, state, total and valid-until day. */
export function QuoteTable({ rows }: { rows: QuoteRow[] }) {
  if (!rows.length) return <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">Ingen tilbud her.</p>
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Nummer</th>
            <th scope="col" className="px-3 py-2 font-medium">Kunde</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Totalt inkl. MVA</th>
            <th scope="col" className="px-3 py-2 font-medium">Gyldig til</th>
            <th scope="col" className="px-3 py-2 font-medium">Laget av</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="px-3 py-2">
                <Link className="font-semibold text-primary underline-offset-4 hover:underline" to={paths.admin.quote(row.id)}>
                  {row.number}{row.version > 1 && ` v${row.version}`}
                </Link>
              </td>
              <td className="px-3 py-2">
                {row.lead_id ? <Link className="underline-offset-4 hover:underline" to={paths.admin.lead(row.lead_id)}>{row.customer_name}</Link> : row.customer_name}
              </td>
              <td className="px-3 py-2"><QuoteStatusBadge status={row.status} /></td>
              <td className="px-3 py-2 text-right tabular-nums">{kroner(row.total)}</td>
              <td className="px-3 py-2">{formatDate(row.valid_until)}</td>
              <td className="px-3 py-2">{row.owner_name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
