/** 重新导入 POST /api/datacenter/sjcj/reimport */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Reads a failed or interrupted batch again from its stored file. */
export const reimportBatch = (id: number) => apiPostJson<BatchView>('/api/datacenter/sjcj/reimport', { id })
