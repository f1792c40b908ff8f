import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api'
import type { components } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import { refresh } from '@/lib/refresh'

export type TimelineEvent = components['schemas']['Event']
export type Note = components['schemas']['Note']

/** `GET /api/admin/leads/{id}/timeline`: everything that happened to a lead, newest first. */
export async function getTimeline(id: string): Promise<TimelineEvent[]> {
  return unwrap(await api.GET('/api/admin/leads/{id}/timeline', { params: { path: { id } } }))
}

export function useTimeline(id: string | null) {
  return useQuery({ queryKey: queryKeys.leads.timeline(id ?? ''), queryFn: () => getTimeline(id ?? ''), enabled: Boolean(id) })
}

/** `POST /api/admin/leads/{id}/notes`. */
export async function addNote(id: string, body: string): Promise<Note> {
  return unwrap(await api.POST('/api/admin/leads/{id}/notes', { params: { path: { id } }, body: { body } }))
}

/** `DELETE /api/admin/leads/{id}/notes/{note_id}`. */
export async function deleteNote(id: string, noteId: string): Promise<void> {
  const { response, error } = await api.DELETE('/api/admin/leads/{id}/notes/{note_id}', {
    params: { path: { id, note_id: noteId } },
  })
  if (!response.ok) throw new ApiError(response.status, error)
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => addNote(id, body),
    onSuccess: () => void refresh(queryClient, queryKeys.leads.timeline(id)),
  })
}

export function useDeleteNote(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(id, noteId),
    onSuccess: () => void refresh(queryClient, queryKeys.leads.timeline(id)),
  })
}
