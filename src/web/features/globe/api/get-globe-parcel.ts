/** 查询地块信息 GET /api/globe/parcels/:id */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { GlobeParcelInfo } from '../../../../domain/contracts/globe'

/** One parcel for the info panel. */
export function fetchGlobeParcel(id: number): Promise<GlobeParcelInfo> {
  return apiGet<GlobeParcelInfo>(`/api/globe/parcels/${id}`)
}

/** The info panel's query (disabled without an id). */
export function useGlobeParcel(id: number | null) {
  return useQuery({ queryKey: ['globe', 'parcel', id], queryFn: () => fetchGlobeParcel(id as number), enabled: id !== null, retry: false })
}
