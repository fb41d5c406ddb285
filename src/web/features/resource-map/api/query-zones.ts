/** 查询地块图形 GET /api/cloudChart/zones */
import { useQuery } from '@tanstack/react-query'
import type { ParcelZones } from '../../../../domain/contracts/map'
import { apiGet } from '../../../core/api'

/** The 指界 / 勘测定界 / 竣工 / 建新 shapes of a parcel's lifecycle project. */
export const queryParcelZones = (parcelId: number) => apiGet<ParcelZones>('/api/cloudChart/zones', { parcelId })

/** react-query hook of {@link queryParcelZones}. */
export const useParcelZones = (parcelId: number | null) =>
  useQuery({ queryKey: ['cloudChart', 'zones', parcelId], queryFn: () => queryParcelZones(parcelId!), enabled: parcelId !== null })
