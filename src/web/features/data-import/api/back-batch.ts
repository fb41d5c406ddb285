/** 退回批次 POST /api/datacenter/sjcl/back */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Sends a batch back to its uploader with the reason. */
export const backBatch = (id: number, reason: string) => apiPostJson<BatchView>('/api/datacenter/sjcl/back', { id, reason })
