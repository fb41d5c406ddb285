/** 提交审核 POST /api/datacenter/sjcl/submit */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Commits a checked batch: one submission awaiting audit per row (all or nothing). */
export const submitBatch = (id: number) => apiPostJson<{ batch: BatchView; submitted: number }>('/api/datacenter/sjcl/submit', { id })
