import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, postForm, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type Declaration = components['schemas']['Declaration']
export type DeclarationInput = components['schemas']['DeclarationInput']
export type WorkKind = components['schemas']['WorkKind']
export type DeclarationPhoto = components['schemas']['DeclarationPhoto']

export const WORK_KIND_LABEL: Record<WorkKind, string> = {
  new: 'Nytt anlegg',
  extension: 'Utvidelse av eksisterende anlegg',
  change: 'Endring av eksisterende anlegg',
}

/** The job's samsvarserklæring, or a new draft from the firm's defaults. */
export function useDeclaration(jobId: string) {
  return useQuery({
    queryKey: queryKeys.declarations.ofJob(jobId),
    // The operation answers PDF too; without `format` it is JSON.
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/jobs/{id}/declaration', { params: { path: { id: jobId } } })) as Declaration,
  })
}

export function useSaveDeclaration(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: DeclarationInput) =>
      unwrap(await api.PUT('/api/admin/jobs/{id}/declaration', { params: { path: { id: jobId } }, body })),
    onSuccess: (declaration) => queryClient.setQueryData(queryKeys.declarations.ofJob(jobId), declaration),
  })
}

export function useSignDeclaration(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/admin/jobs/{id}/declaration/sign', { params: { path: { id: jobId } } })),
    onSuccess: () => void refresh(queryClient, queryKeys.declarations.all),
  })
}

/** The signed declaration as a PDF. */
export const declarationPdfHref = (jobId: string) => `/api/admin/jobs/${jobId}/declaration?format=pdf`

/** The photos from the job on its declaration, in the order they were added. */
export function useDeclarationPhotos(jobId: string) {
  return useQuery({
    queryKey: queryKeys.declarations.photos(jobId),
    queryFn: async () => unwrap(await api.GET('/api/admin/jobs/{id}/declaration/photos', { params: { path: { id: jobId } } })),
  })
}

/** Adds a photo (and its caption) to the draft; the server remakes it as a JPEG. */
export function useAddDeclarationPhoto(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ file, caption }: { file: File; caption: string }) => {
      const form = new FormData()
      form.append('photo', file, file.name)
      form.append('caption', caption)
      return postForm<DeclarationPhoto>(`/api/admin/jobs/${jobId}/declaration/photos`, form)
    },
    onSuccess: () => void refresh(queryClient, queryKeys.declarations.photos(jobId)),
  })
}

export function useRemoveDeclarationPhoto(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (photoId: string) => {
      const { response, error } = await api.DELETE('/api/admin/jobs/{id}/declaration/photos/{photo_id}', {
        params: { path: { id: jobId, photo_id: photoId } },
      })
      if (!response.ok) throw new ApiError(response.status, error)
    },
    onSuccess: () => void refresh(queryClient, queryKeys.declarations.photos(jobId)),
  })
}

/** A photo's JPEG, or its thumbnail. */
export const declarationPhotoHref = (jobId: string, photoId: string, thumb: boolean) =>
  `/api/admin/jobs/${jobId}/declaration/photos/${photoId}${thumb ? '?size=liten' : ''}`
