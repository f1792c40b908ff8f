import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type AdminUserView = components['schemas']['AdminUserView']
export type NewUserInput = components['schemas']['NewUserInput']
export type Role = components['schemas']['Role']

/** `GET /api/admin/users`: newest first. */
export async function listUsers(): Promise<AdminUserView[]> {
  return unwrap(await api.GET('/api/admin/users'))
}
export const usersQuery = queryOptions({ queryKey: queryKeys.users.all, queryFn: listUsers })
export const useUsers = () => useQuery(usersQuery)

function useInvalidate() {
  const queryClient = useQueryClient()
  return () => refresh(queryClient, queryKeys.users.all)
}

/** `POST /api/admin/users`. */
export function useCreateUser() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async (input: NewUserInput) => unwrap(await api.POST('/api/admin/users', { body: input })),
    onSuccess: invalidate,
  })
}

/** `PUT /api/admin/users/{id}`: name, phone, role or active state. */
export function useUpdateUser() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string; name?: string; phone?: string; role?: Role; is_active?: boolean }) =>
      unwrap(await api.PUT('/api/admin/users/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  })
}

/** `PUT /api/admin/users/{id}/password`; your own needs `current_password` too. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string; password: string; current_password?: string }) => {
      const { response, error } = await api.PUT('/api/admin/users/{id}/password', { params: { path: { id } }, body })
      if (!response.ok) throw new ApiError(response.status, error)
    },
  })
}

/** `DELETE /api/admin/users/{id}`. */
export function useDeleteUser() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async (id: string) => {
      const { response, error } = await api.DELETE('/api/admin/users/{id}', { params: { path: { id } } })
      if (!response.ok) throw new ApiError(response.status, error)
    },
    onSuccess: invalidate,
  })
}

export type SessionView = components['schemas']['SessionView']

/** `GET /api/admin/users/{id}/sessions`: where the user is signed in (administrators). */
export function useSessions(id: string | null) {
  return useQuery({
    queryKey: queryKeys.users.sessions(id ?? ''),
    queryFn: async () => unwrap(await api.GET('/api/admin/users/{id}/sessions', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  })
}

/** `DELETE /api/admin/users/{id}/sessions/{session_id}`: that browser is signed out. */
export function useEndSession(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (sessionId: string) =>
      unwrap(await api.DELETE('/api/admin/users/{id}/sessions/{session_id}', { params: { path: { id, session_id: sessionId } } })),
    onSuccess: () => refresh(queryClient, queryKeys.users.sessions(id)),
  })
}
