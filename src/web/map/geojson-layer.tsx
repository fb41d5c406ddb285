/**
 * GeoJSON shapes from a feature (the data centre's record maps: a parcel's shape, an enterprise's
 * location, before/after of an audit, records waiting for 认领): polygons as fill or outline, points
 * as markers; optionally the view fits them once they arrive.
 */
import { useEffect } from 'react'
import { bbox } from '@turf/turf'
import type { FeatureCollection, Geometry } from 'geojson'
import { markers, shapes } from './engine/layers'
import { useByValue } from '../core/use-by-value'
import { useMapLayers } from './use-map-layers'
import { useScene } from './map-host'

/** Props of {@link GeoJsonLayer}. */
export interface GeoJsonLayerProps {
  data: FeatureCollection | null
  color: string
  kind: 'outline' | 'fill'
  dashed?: boolean
  width?: number
  zIndex?: number
  /** fit the view to the data when it changes (at most this zoom) */
  fitMaxZoom?: number
}

/** A feature collection of one geometry (or none). */
export function featuresOf(geometry: Geometry | null | undefined, properties: Record<string, unknown> = {}): FeatureCollection | null {
  return geometry ? { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties }] } : null
}

/** Shapes and points of a feature collection on the enclosing map. */
export function GeoJsonLayer({ data, color, kind, dashed, width, zIndex = 20, fitMaxZoom }: GeoJsonLayerProps) {
  const engine = useScene()
  // the data by value: a form's value is a new object on every render
  const shown = useByValue(data, data ? JSON.stringify(data) : '')
  useMapLayers(
    'geojson',
    () => {
      if (!shown || shown.features.length === 0) return null
      // L7 rewinds polygon rings in place: it gets a copy, so the caller's GeoJSON (often a form's
      // value) stays exactly as it was
      const copy = structuredClone(shown)
      const polys: FeatureCollection = {
        type: 'FeatureCollection',
        features: copy.features.filter((f) => f.geometry && f.geometry.type !== 'Point'),
      }
      const points: FeatureCollection = { type: 'FeatureCollection', features: copy.features.filter((f) => f.geometry?.type === 'Point') }
      return [
        ...(polys.features.length ? shapes(polys, { color, kind, dashed, width }, zIndex) : []),
        ...(points.features.length ? markers(points, { color }, zIndex + 1) : []),
      ]
    },
    [shown, color, kind, dashed, width, zIndex],
  )
  useEffect(() => {
    if (!shown || shown.features.length === 0 || fitMaxZoom === undefined) return
    const b = bbox(shown) as [number, number, number, number]
    // a single point has no extent: give it a few hundred metres around
    const pad = b[0] === b[2] && b[1] === b[3] ? 0.004 : 0
    engine.flyToBbox([b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad], fitMaxZoom)
  }, [engine, shown, fitMaxZoom])
  return null
}
