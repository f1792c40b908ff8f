import { api, unwrap } from '@/lib/api'
import type { Lead } from './list-leads'

/** `PATCH /api/admin/leads/{id}/status`: the kanban's drag. */
export async function updateLeadStatus(id: string, status: string): Promise<Lead> {
  return unwrap(await api.PATCH('/api/admin/leads/{id}/status', { params: { path: { id } }, body: { status } }))
}
