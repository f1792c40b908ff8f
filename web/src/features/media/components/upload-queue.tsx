import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useToast } from '@/components/toast'
import { uploadFile } from '../api/media'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type UploadItem = { id: number; name: string; progress: number; state: 'sending' | 'done' | 'failed' }

/**
 * Uploads files one request each, with progress per file. A file that fails is skipped
 * and every failure is named in one summary toast at the end.
 */
export function useUploadQueue() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [items, setItems] = useState<UploadItem[]>([])

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return
      const start = Date.now()
      const queued = files.map((file, index) => ({ id: start + index, name: file.name, progress: 0, state: 'sending' as const }))
      setItems(queued)
      const update = (id: number, change: Partial<UploadItem>) =>
        setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)))
      const failures: string[] = []
      let stored = 0
      for (const [index, file] of files.entries()) {
        const id = queued[index]!.id
        try {
          const report = await uploadFile(file, (progress) => update(id, { progress }))
          const failed = report.failed[0]
          if (failed) {
            failures.push(`${failed.name}: ${failed.error}`)
            update(id, { state: 'failed', progress: 1 })
          } else {
            stored += report.uploaded.length
            update(id, { state: 'done', progress: 1 })
          }
        } catch (error) {
          failures.push(`${file.name}: ${error instanceof Error ? error.message : 'Ukjent feil'}`)
          update(id, { state: 'failed', progress: 1 })
        }
      }
      void refresh(queryClient, queryKeys.media.all)
      if (failures.length > 0) {
        toast({
          title: `${failures.length} av ${files.length} filer ble ikke lastet opp`,
          description: failures.join(' · '),
          variant: 'destructive',
        })
      } else {
        toast({ title: stored === 1 ? 'Filen er lastet opp' : `${stored} filer er lastet opp` })
      }
      window.setTimeout(() => setItems([]), 4000)
    },
    [queryClient, toast],
  )

  return { items, upload }
}
