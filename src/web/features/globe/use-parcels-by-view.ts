/**
 * Loads the parcels of the current view from the API and hands them to the globe's batched layer
 * (issue 5: "loaded by view and zoom"). A move inside the last fetched (padded) box at the same
 * zoom band fetches nothing; a theme change only recolours.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useGlobe } from '../../globe/globe-host'
import { ringCentre } from '../../globe/ring-centre'
import type { GlobeParcel } from '../../../domain/contracts/globe'
import { fetchGlobeParcels } from './api/get-globe-parcels'
import type { GlobeTheme } from './globe-themes'
import { useLoadByView, type GlobeView } from './use-load-by-view'

/** What the loader reports. */
export interface ParcelLoadState {
  loading: boolean
  error: string | null
  count: number
  truncated: boolean
  byId: Map<number, GlobeParcel>
}

const fetchParcels = (bbox: string, zoom: number) => fetchGlobeParcels({ bbox, zoom })

/** Keeps the globe's parcels in step with the view and the theme. */
export function useParcelsByView(view: GlobeView | null, theme: GlobeTheme): ParcelLoadState {
  const globe = useGlobe()
  const themeRef = useRef(theme)
  themeRef.current = theme
  const load = useLoadByView(view, fetchParcels, '地块加载失败')
  const page = load.data
  const byId = useMemo(() => new Map((page?.parcels ?? []).map((p) => [p.id, p])), [page])

  // a new answer: the shapes, and markers that keep parcels visible from the province view
  useEffect(() => {
    if (!page) return
    globe.parcels.setParcels(page.parcels, (id) => themeRef.current.colorOf(byId.get(id)!))
    globe.points.set(page.parcels.map((p) => ({ id: p.id, ...ringCentre(p.rings[0] ?? []), color: themeRef.current.colorOf(p) })))
  }, [page, byId, globe])

  useEffect(() => {
    const colorOf = (id: number) => (byId.has(id) ? theme.colorOf(byId.get(id)!) : '#9aa5b1')
    globe.parcels.recolor(colorOf)
    globe.points.recolor(colorOf, () => false)
  }, [theme, globe, byId])

  return { loading: load.loading, error: load.error, count: page?.parcels.length ?? 0, truncated: page?.truncated ?? false, byId }
}
