/** 全生命周期项目 GET /api/globe/lifecycle；项目范围线 GET /api/globe/lifecycle/zones */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { GlobeLifecycleProject, GlobeLifecycleZonePage } from '../../../../domain/contracts/globe'

/** Lifecycle projects with stage dates, commitments, a point and a box (the timeline). */
export function useGlobeLifecycle() {
  return useQuery({ queryKey: ['globe', 'lifecycle'], queryFn: () => apiGet<GlobeLifecycleProject[]>('/api/globe/lifecycle') })
}

/** The zones of the projects in a lon/lat box at a zoom level (the globe loads shapes by view). */
export function fetchGlobeLifecycleZones(params: { bbox: string; zoom: number }): Promise<GlobeLifecycleZonePage> {
  return apiGet<GlobeLifecycleZonePage>('/api/globe/lifecycle/zones', params)
}
