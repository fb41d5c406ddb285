/** 运行检查 POST /api/datacenter/sjcl/check */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Starts the checks of a batch (poll the progress until 已检查). */
export const runCheck = (id: number) => apiPostJson<BatchView>('/api/datacenter/sjcl/check', { id })
