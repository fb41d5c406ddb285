/** 查询视野内地块 GET /api/globe/parcels */
import { apiGet } from '../../../core/api'
import type { GlobeParcelPage } from '../../../../domain/contracts/globe'

/** Parcels in a lon/lat box at a zoom level (the globe loads by view). */
export function fetchGlobeParcels(params: { bbox: string; zoom: number }): Promise<GlobeParcelPage> {
  return apiGet<GlobeParcelPage>('/api/globe/parcels', params)
}
