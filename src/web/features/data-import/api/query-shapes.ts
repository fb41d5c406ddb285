/** 图形预览 GET /api/datacenter/sjcj/shapes */
import { useQuery } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import { apiGet } from '../../../core/api'

/** The shapes of a batch: features with rowNo, level and label; the extent; how many rows have one. */
export type BatchShapes = FeatureCollection & { bbox: [number, number, number, number] | null; total: number }

/** The shapes of a batch (EPSG:4326). */
export const queryShapes = (id: number) => apiGet<BatchShapes>('/api/datacenter/sjcj/shapes', { id })

/** react-query hook of {@link queryShapes}. */
export const useShapes = (id: number | null, version: string) =>
  useQuery({ queryKey: ['dc-shapes', id, version], queryFn: () => queryShapes(id as number), enabled: id !== null })
