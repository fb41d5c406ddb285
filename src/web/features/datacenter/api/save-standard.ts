/** 保存数据标准新版本 POST /api/datacenter/sjgf/save */
import type { StandardSaveBody } from '../../../../domain/contracts/datacenter'
import { apiPostJson } from '../../../core/api'

/** Saves the fields as the next version; the server refuses a stale base version (409). */
export const saveStandard = (body: StandardSaveBody) => apiPostJson<{ version: number }>('/api/datacenter/sjgf/save', body)
