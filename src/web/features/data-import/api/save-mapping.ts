/** 保存列映射 POST /api/datacenter/sjcj/model/save */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Saves a batch's mapping (remembered for files with the same columns). */
export const saveMapping = (id: number, mapping: Record<string, string>) =>
  apiPostJson<BatchView>('/api/datacenter/sjcj/model/save', { id, mapping })
