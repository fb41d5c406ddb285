/** 修复图形 POST /api/datacenter/sjcl/repairGeometry */
import type { BatchRowView } from '../../../../domain/contracts/datacenter-import'
import { apiPostJson } from '../../../core/api'

/** Repairs an invalid shape (ST_MakeValid) and re-checks the row. */
export const repairGeometry = (id: number, rowNo: number) => apiPostJson<BatchRowView>('/api/datacenter/sjcl/repairGeometry', { id, rowNo })
