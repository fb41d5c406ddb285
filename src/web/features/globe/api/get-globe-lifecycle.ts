/** 全生命周期项目 GET /api/globe/lifecycle */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { GlobeLifecycleProject } from '../../../../domain/contracts/globe'

/** Lifecycle projects with stage dates, commitments and zones. */
export function useGlobeLifecycle() {
  return useQuery({ queryKey: ['globe', 'lifecycle'], queryFn: () => apiGet<GlobeLifecycleProject[]>('/api/globe/lifecycle') })
}
