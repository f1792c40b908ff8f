import { Badge } from '@/components/ui/badge'
import { JOB_STATUS_LABEL, type JobStatus } from '../api/jobs'

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={status === 'in_progress' ? 'accent' : 'default'}>{JOB_STATUS_LABEL[status]}</Badge>
}
