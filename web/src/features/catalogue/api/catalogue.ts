import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type Category = components['schemas']['Category']
export type AdminService = components['schemas']['AdminService']
export type ServiceInput = components['schemas']['ServiceInput']

/** `GET /api/admin/categories`. */
export async function listCategories(): Promise<Category[]> {
  return unwrap(await api.GET('/api/admin/categories'))
}
export const categoriesQuery = queryOptions({ queryKey: queryKeys.categories.all, queryFn: listCategories })
export const useCategories = () => useQuery(categoriesQuery)

/** `GET /api/admin/categories/{slug}`. */
export async function getCategory(slug: string): Promise<Category> {
  return unwrap(await api.GET('/api/admin/categories/{slug}', { params: { path: { slug } } }))
}
export const useCategory = (slug: string) => useQuery({ queryKey: queryKeys.categories.one(slug), queryFn: () => getCategory(slug) })

/** `GET /api/admin/services`: every service, by name. */
export async function listAdminServices(filter: { category?: string; query?: string }): Promise<AdminService[]> {
  return unwrap(await api.GET('/api/admin/services', { params: { query: filter } }))
}
export const useAdminServices = (filter: { category?: string; query?: string }) =>
  useQuery({ queryKey: queryKeys.services.list(filter), queryFn: () => listAdminServices(filter) })

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => {
    void refresh(queryClient, queryKeys.services.all, queryKeys.categories.all, queryKeys.dashboard.all)
  }
}

/** `POST /api/admin/services` or `PUT /api/admin/services/{id}`. */
export function useSaveService() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ServiceInput }) =>
      id
        ? unwrap(await api.PUT('/api/admin/services/{id}', { params: { path: { id } }, body: input }))
        : unwrap(await api.POST('/api/admin/services', { body: input })),
    onSuccess: invalidate,
  })
}

/** `DELETE /api/admin/services/{id}`. */
export function useDeleteService() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async (id: string) => {
      const { response, error } = await api.DELETE('/api/admin/services/{id}', { params: { path: { id } } })
      if (!response.ok) throw new ApiError(response.status, error)
    },
    onSuccess: invalidate,
  })
}
