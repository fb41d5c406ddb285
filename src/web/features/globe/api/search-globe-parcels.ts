/** 按名称或宗地代码搜索地块 GET /api/globe/search */
import { apiGet } from '../../../core/api'

/** A search hit with the parcel's box. */
export interface GlobeSearchHit {
  id: number
  landCode: string
  name: string
  bbox: [number, number, number, number]
}

/** Parcels whose name or 宗地代码 contains the keyword. */
export function searchGlobeParcels(keyword: string): Promise<GlobeSearchHit[]> {
  return apiGet<GlobeSearchHit[]>('/api/globe/search', { keyword })
}
