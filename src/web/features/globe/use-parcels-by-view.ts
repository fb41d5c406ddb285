/**
 * Loads the parcels of the current view from the API and hands them to the globe's batched layer
 * (issue 5: "loaded by view and zoom"). A move inside the last fetched (padded) box at the same
 * zoom band fetches nothing; a theme change only recolours.
 */
import { useEffect, useRef, useState } from 'react'
import { useGlobe } from '../../globe/globe-host'
import type { Bbox } from '../../globe/globe-types'
import { ringCentre } from '../../globe/ring-centre'
import type { GlobeParcel } from '../../../domain/contracts/globe'
import { fetchGlobeParcels } from './api/get-globe-parcels'
import type { GlobeTheme } from './globe-themes'
import { contains, padBbox, zoomForHeight } from './view-math'

/** What the loader reports. */
export interface ParcelLoadState {
  loading: boolean
  error: string | null
  count: number
  truncated: boolean
  byId: Map<number, GlobeParcel>
}

/** Keeps the globe's parcels in step with the view and the theme. */
export function useParcelsByView(view: { bbox: Bbox; height: number } | null, theme: GlobeTheme): ParcelLoadState {
  const globe = useGlobe()
  const last = useRef<{ box: Bbox; band: number } | null>(null)
  const themeRef = useRef(theme)
  themeRef.current = theme
  const [state, setState] = useState<ParcelLoadState>({ loading: false, error: null, count: 0, truncated: false, byId: new Map() })

  useEffect(() => {
    if (!view) return
    const zoom = zoomForHeight(view.height)
    // zoom bands follow the server's simplification steps (service.toleranceForZoom)
    const band = zoom < 11 ? 0 : zoom < 13 ? 1 : 2
    if (last.current && last.current.band === band && contains(last.current.box, view.bbox)) return
    const box = padBbox(view.bbox)
    let cancelled = false
    setState((s) => ({ ...s, loading: true, error: null }))
    fetchGlobeParcels({ bbox: box.map((v) => v.toFixed(5)).join(','), zoom })
      .then((page) => {
        if (cancelled) return
        last.current = { box, band }
        const byId = new Map(page.parcels.map((p) => [p.id, p]))
        globe.parcels.setParcels(page.parcels, (id) => themeRef.current.colorOf(byId.get(id)!))
        // markers keep parcels visible from the province view, where a parcel is under a pixel
        globe.points.set(page.parcels.map((p) => ({ id: p.id, ...ringCentre(p.rings[0] ?? []), color: themeRef.current.colorOf(p) })))
        setState({ loading: false, error: null, count: page.parcels.length, truncated: page.truncated, byId })
      })
      .catch((e: Error) => {
        if (!cancelled) setState((s) => ({ ...s, loading: false, error: `地块加载失败：${e.message}` }))
      })
    return () => {
      cancelled = true
    }
  }, [view, globe])

  useEffect(() => {
    const byId = state.byId
    const colorOf = (id: number) => (byId.has(id) ? theme.colorOf(byId.get(id)!) : '#9aa5b1')
    globe.parcels.recolor(colorOf)
    globe.points.recolor(colorOf, () => false)
  }, [theme, globe, state.byId])

  return state
}
