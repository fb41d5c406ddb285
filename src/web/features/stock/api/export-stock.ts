/** 导出盘活处置清单 GET /api/stock/export */
import type { StockFilter } from '../../../../domain/contracts/stock'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads the land of the filters as xlsx. */
export async function exportStock(f: StockFilter): Promise<void> {
  saveBlob(await apiDownloadGet('/api/stock/export', { ...f }, { large: true }), '盘活处置清单.xlsx')
}
