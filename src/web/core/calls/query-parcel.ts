/** 查询地块详情 GET /api/cloudChart/parcel/{id} */
import { useQuery } from '@tanstack/react-query'
import type { Geometry } from 'geojson'
import { apiGet } from '../api'

/** A yearly figure row of the owner enterprise. */
export interface YearlyRow {
  year: number
  tax: number | null
  value_added: number | null
  revenue: number | null
  energy: number | null
  employees: number | null
  land_area_m2: number | null
}

/** Parcel detail: attributes, owner enterprise, the owner's yearly figures. */
export interface ParcelDetail {
  parcel: Record<string, string | number | null> & {
    id: number
    name: string
    land_code: string
    area_m2: number
    status: string
    geometry: Geometry
  }
  enterprise: (Record<string, string | number | null> & { id: number; name: string; credit_code: string }) | null
  yearly: YearlyRow[]
}

/** One parcel. */
export const queryParcel = (id: number) => apiGet<ParcelDetail>(`/api/cloudChart/parcel/${id}`)

/** react-query hook of {@link queryParcel}. */
export const useParcel = (id: number | null) =>
  useQuery({ queryKey: ['cloudChart', 'parcel', id], queryFn: () => queryParcel(id!), enabled: id !== null })
