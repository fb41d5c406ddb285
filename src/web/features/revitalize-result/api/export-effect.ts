/** 导出盘活成效 GET /api/landInefficient/getEffect?format=xlsx */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { EffectFilter } from './get-effect'

/** Downloads the done plans of the filters with their effects as xlsx. */
export async function exportEffect(f: EffectFilter): Promise<void> {
  saveBlob(await apiDownloadGet('/api/landInefficient/getEffect', { ...f, format: 'xlsx' }, { large: true }), `盘活成效_${f.year}年.xlsx`)
}
