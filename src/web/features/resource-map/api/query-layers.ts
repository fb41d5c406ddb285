/** 查询图层配置 GET /api/map/layers */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { LayerGroupRecord } from '../../../../domain/contracts/map'

/** The configured layer groups (docs/product.md §3). */
export const queryLayers = () => apiGet<LayerGroupRecord[]>('/api/map/layers')

/** react-query hook of {@link queryLayers}. */
export const useLayers = () => useQuery({ queryKey: ['map', 'layers'], queryFn: queryLayers, staleTime: Infinity })
