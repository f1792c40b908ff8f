import { Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { reasonOf } from '@/lib/api'
import { type Imported, useImportBankFile } from '../api/payments'

/** What an import did, in a sentence. */
export function importedText(done: Imported): string {
  if (done.new === 0) return `Ingen nye innbetalinger: ${done.already} var importert før.`
  const waiting = done.waiting ? `, ${done.waiting} venter på avklaring` : ''
  const already = done.already ? ` ${done.already} var importert før.` : ''
  const reversed = done.reversed
    ? ` Banken tok tilbake ${done.reversed} ${done.reversed === 1 ? 'innbetaling' : 'innbetalinger'}, og de er tatt av fakturaene.`
    : ''
  return `${done.new} nye innbetalinger: ${done.matched} ført på fakturaer${waiting}.${already}${reversed}`
}

/** "Importer bankfil": the camt.054 file from the online bank, imported as it is chosen.
 * What was done, or the server's reason the file was refused (nothing imported), stays
 * under the button and is read out (a status, or an alert when refused). */
export function BankImport() {
  const upload = useImportBankFile()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null)
  const choose = async (file: File | undefined) => {
    if (!file) return
    try {
      const done = await upload.mutateAsync(file)
      setSaid({ text: importedText(done), error: false })
    } catch (error) {
      setSaid({ text: reasonOf(error) ?? 'Kunne ikke importere filen.', error: true })
    } finally {
      if (input.current) input.current.value = ''
    }
  }
  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
        className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md border border-border bg-background px-4 font-medium hover:bg-muted focus-within:ring-3 focus-within:ring-ring/60"
      >
        <Upload className="size-4" aria-hidden="true" />
        {upload.isPending ? 'Importerer...' : 'Importer bankfil (camt.054)'}
        <input
          ref={input}
          id={id}
          type="file"
          accept=".xml,application/xml,text/xml"
          className="sr-only"
          aria-describedby={said ? `${id}-said` : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {said && (
        <p id={`${id}-said`} role={said.error ? 'alert' : 'status'} className={said.error ? 'text-sm text-destructive' : 'text-sm'}>
          {said.text}
        </p>
      )}
    </div>
  )
}
