import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type ContentItem = components['schemas']['ContentItem']
export type ContentKind = components['schemas']['ContentKind']
export type ContentInput = components['schemas']['ContentInput']

/** `GET /api/admin/content`: every item, each kind in its order. */
export async function listContent(): Promise<ContentItem[]> {
  return unwrap(await api.GET('/api/admin/content'))
}
export const useContent = () => useQuery({ queryKey: queryKeys.content.all, queryFn: listContent })

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => {
    void refresh(queryClient, queryKeys.content.all, queryKeys.dashboard.all)
  }
}

/** `POST /api/admin/content` or `PUT /api/admin/content/{id}`. */
export function useSaveContent() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ContentInput }) =>
      id
        ? unwrap(await api.PUT('/api/admin/content/{id}', { params: { path: { id } }, body: input }))
        : unwrap(await api.POST('/api/admin/content', { body: input })),
    onSuccess: invalidate,
  })
}

/** `PATCH /api/admin/content/{id}`: hide or show, nothing else. */
export function useSetHidden() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ id, hidden }: { id: string; hidden: boolean }) =>
      unwrap(await api.PATCH('/api/admin/content/{id}', { params: { path: { id } }, body: { hidden } })),
    onSuccess: invalidate,
  })
}

/** `PUT /api/admin/content/order`. The list shows the new order at once and goes back if the save fails. */
export function useReorderContent() {
  const queryClient = useQueryClient()
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ kind, ids }: { kind: ContentKind; ids: string[] }) =>
      unwrap(await api.PUT('/api/admin/content/order', { body: { kind, ids } })),
    onMutate: async ({ kind, ids }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.content.all })
      const previous = queryClient.getQueryData<ContentItem[]>(queryKeys.content.all)
      if (previous) {
        const others = previous.filter((item) => item.kind !== kind)
        const moved = ids.flatMap((id, position) => {
          const item = previous.find((candidate) => candidate.id === id)
          return item ? [{ ...item, position }] : []
        })
        queryClient.setQueryData(queryKeys.content.all, [...others, ...moved])
      }
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.content.all, context.previous)
    },
    onSettled: invalidate,
  })
}

/** `DELETE /api/admin/content/{id}`. */
export function useDeleteContent() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async (id: string) => {
      const { response, error } = await api.DELETE('/api/admin/content/{id}', { params: { path: { id } } })
      if (!response.ok) throw new ApiError(response.status, error)
    },
    onSuccess: invalidate,
  })
}
