/** 下载导入模板 GET /api/datacenter/sjcj/template */
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiDownloadGet } from '../../../core/api'

/** The xlsx template of the standard in force. */
export const downloadTemplate = (kind: RecordKind) => apiDownloadGet('/api/datacenter/sjcj/template', { kind })
