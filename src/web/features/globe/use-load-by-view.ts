/**
 * Loads what the current view shows, by a padded box at the view's zoom band (issue 5: "loaded by
 * view and zoom"; issue 20: a province's lifecycle zones come by view too). A move inside the last
 * fetched box at the same band fetches nothing; a newer view cancels the answer of an older one.
 */
import { useEffect, useRef, useState } from 'react'
import type { Bbox } from '../../globe/globe-types'
import { contains, padBbox, zoomForHeight } from './view-math'

/** The camera's view as the globe host reports it. */
export type GlobeView = { bbox: Bbox; height: number }

/** What a loader reports: the last answer, whether one is on its way, the error in Chinese. */
export interface ViewLoad<T> {
  data: T | null
  loading: boolean
  error: string | null
}

/**
 * Calls `fetch(box, zoom)` when the view leaves the last fetched box or its zoom band (bands follow
 * the server's simplification steps, service.toleranceForZoom); `failure` prefixes the error.
 */
export function useLoadByView<T>(view: GlobeView | null, fetch: (bbox: string, zoom: number) => Promise<T>, failure: string): ViewLoad<T> {
  const last = useRef<{ box: Bbox; band: number } | null>(null)
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch
  const [state, setState] = useState<ViewLoad<T>>({ data: null, loading: false, error: null })

  useEffect(() => {
    if (!view) return
    const zoom = zoomForHeight(view.height)
    const band = zoom < 11 ? 0 : zoom < 13 ? 1 : 2
    if (last.current && last.current.band === band && contains(last.current.box, view.bbox)) return
    const box = padBbox(view.bbox)
    let cancelled = false
    setState((s) => ({ ...s, loading: true, error: null }))
    fetchRef
      .current(box.map((v) => v.toFixed(5)).join(','), zoom)
      .then((data) => {
        if (cancelled) return
        last.current = { box, band }
        setState({ data, loading: false, error: null })
      })
      .catch((e: Error) => {
        if (!cancelled) setState((s) => ({ ...s, loading: false, error: `${failure}：${e.message}` }))
      })
    return () => {
      cancelled = true
    }
  }, [view, failure])

  return state
}
