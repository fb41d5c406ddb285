/** 查询区划边界 GET /api/cloudChart/boundaries (a level's outlines with label points, which levels have outlines, the seats of the rest) */
import { useQuery } from '@tanstack/react-query'
import type { OutlineCollection } from '../../../../domain/contracts/outlines'
import { apiGet } from '../../../core/api'

/** Outlines of a level, simplified for a zoom. */
export const fetchMapOutlines = (level: 'city' | 'county', zoom: number) =>
  apiGet<OutlineCollection>('/api/cloudChart/boundaries', { level, zoom })

/** Outlines change only when boundaries are re-imported: kept for the page's life. */
export const useMapOutlines = (level: 'city' | 'county', zoom: number) =>
  useQuery({ queryKey: ['wall-outlines', level, zoom], queryFn: () => fetchMapOutlines(level, zoom), staleTime: Infinity })
