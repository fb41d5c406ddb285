/**
 * The flagged parcels of a run as plain map data (docs/conventions.md "Layers, charts and walls as data"): the
 * shapes with their score's colour for the fill (the choropleth's `code`, `name`, `value`,
 * `color`), one point per parcel for the markers drawn while parcels are smaller than a pixel,
 * the extent to fit and the highest scores for the side list.
 */
import { pointOnFeature } from '@turf/turf'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import type { FlaggedShapes } from '../../../../domain/contracts/land-evaluation'
import { outlineBbox } from '../../../map/rules/choropleth-rules'
import { scoreColor } from './score-colors'

/** One flagged parcel as drawn. */
export interface FlaggedParcel {
  landCode: string
  name: string
  score: number
  color: string
  lng: number
  lat: number
}

/** What the map draws of a run. */
export interface FlaggedLayerSpec {
  /** shapes for the fill: properties code (宗地代码), name, value (score), color */
  fill: FeatureCollection
  /** one point per parcel, highest score first */
  parcels: FlaggedParcel[]
  /** [west, south, east, north] of every shape, null when none */
  bbox: [number, number, number, number] | null
}

/** The map data of the flagged shapes against the run's pass score. */
export function flaggedLayerSpec(shapes: FlaggedShapes, passScore: number): FlaggedLayerSpec {
  const drawn = shapes.features.filter((f) => f.geometry)
  const fill: FeatureCollection = {
    type: 'FeatureCollection',
    features: drawn.map((f): Feature => ({
      type: 'Feature',
      geometry: f.geometry as Geometry,
      properties: {
        code: f.properties.landCode,
        name: f.properties.name,
        value: f.properties.score,
        color: scoreColor(f.properties.score, passScore),
      },
    })),
  }
  const parcels = fill.features
    .map((f, i): FlaggedParcel => {
      const [lng, lat] = pointOnFeature(f).geometry.coordinates
      const p = drawn[i].properties
      return { landCode: p.landCode, name: p.name, score: p.score, color: String(f.properties?.color), lng, lat }
    })
    .sort((a, b) => b.score - a.score)
  return { fill, parcels, bbox: outlineBbox(fill) }
}

/** One parcel's shape (for its outline and to fly to it). */
export function parcelShape(spec: FlaggedLayerSpec, landCode: string): FeatureCollection | null {
  const features = spec.fill.features.filter((f) => f.properties?.code === landCode)
  return features.length ? { type: 'FeatureCollection', features } : null
}
