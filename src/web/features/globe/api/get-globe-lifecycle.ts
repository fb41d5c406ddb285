/** 全生命周期时间轴 GET /api/globe/lifecycle；单个项目 GET /api/globe/lifecycle/:id；项目范围线 GET /api/globe/lifecycle/zones */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import {
  timelineRows,
  type GlobeLifecycleProject,
  type GlobeLifecycleTimeline,
  type GlobeLifecycleZonePage,
} from '../../../../domain/contracts/globe'

/** Every project of the timeline (stage dates and a point), as rows. */
export function useGlobeLifecycle() {
  return useQuery({
    queryKey: ['globe', 'lifecycle'],
    queryFn: async () => timelineRows(await apiGet<GlobeLifecycleTimeline>('/api/globe/lifecycle')),
  })
}

/** One project's panel: names, commitments, the box to fly to. */
export const globeLifecycleProjectQuery = (id: number) => ({
  queryKey: ['globe', 'lifecycle', id],
  queryFn: () => apiGet<GlobeLifecycleProject>(`/api/globe/lifecycle/${id}`),
})

/** The selected project (nothing while none is). */
export function useGlobeLifecycleProject(id: number | null) {
  return useQuery({ ...globeLifecycleProjectQuery(id ?? 0), enabled: id !== null })
}

/** The zones of the projects in a lon/lat box at a zoom level (the globe loads shapes by view). */
export function fetchGlobeLifecycleZones(params: { bbox: string; zoom: number }): Promise<GlobeLifecycleZonePage> {
  return apiGet<GlobeLifecycleZonePage>('/api/globe/lifecycle/zones', params)
}
