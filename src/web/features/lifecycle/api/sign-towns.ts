/** 签约乡镇 GET /api/landLifeCycle/signTowns: the towns of the planned land's county, and the one its location gives. */
import { useQuery } from '@tanstack/react-query'
import type { SignTowns } from '../../../../domain/contracts/lifecycle-project'
import { apiGet } from '../../../core/api'
import { LIFECYCLE_KEY } from './list-stage-projects'

/** The land: a parcel of the master data, the drawn shape (as GeoJSON text), or a vertex of a very large one. */
export type SignLand = { parcelId: number } | { shape: string } | { lng: number; lat: number } | null

export const useSignTowns = (land: SignLand) =>
  useQuery({
    queryKey: [...LIFECYCLE_KEY, 'signTowns', land],
    queryFn: () => apiGet<SignTowns>('/api/landLifeCycle/signTowns', land ?? {}),
    enabled: land !== null,
  })
