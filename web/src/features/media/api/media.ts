import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type Media = components['schemas']['Media']
export type UploadReport = components['schemas']['UploadReport']

/** `GET /api/admin/media?q=`: newest first, searched on alt text. */
export async function listMedia(q: string): Promise<Media[]> {
  return unwrap(await api.GET('/api/admin/media', { params: { query: { q: q || undefined } } }))
}
export const mediaQuery = (q: string) => queryOptions({ queryKey: queryKeys.media.list(q), queryFn: () => listMedia(q) })
export const useMedia = (q: string) => useQuery(mediaQuery(q))

/**
 * `POST /api/admin/media` with one file, through XMLHttpRequest because fetch cannot
 * report upload progress. Resolves with the server's report; rejects on a network
 * failure or an error answer.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadReport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/admin/media')
    request.setRequestHeader('X-Fagfolk-Csrf', '1')
    request.responseType = 'json'
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as UploadReport)
      else reject(new ApiError(request.status, request.response ?? undefined))
    }
    request.onerror = () => reject(new Error('Nettverksfeil'))
    const form = new FormData()
    form.append('files', file, file.name)
    request.send(form)
  })
}

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => refresh(queryClient, queryKeys.media.all)
}

/** `PUT /api/admin/media/{id}`: the alt text. */
export function useUpdateAlt() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ id, alt }: { id: string; alt: string }) =>
      unwrap(await api.PUT('/api/admin/media/{id}', { params: { path: { id } }, body: { alt } })),
    onSuccess: invalidate,
  })
}

/** `DELETE /api/admin/media/{id}`. */
export function useDeleteMedia() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async (id: string) => {
      const { response, error } = await api.DELETE('/api/admin/media/{id}', { params: { path: { id } } })
      if (!response.ok) throw new ApiError(response.status, error)
    },
    onSuccess: invalidate,
  })
}

