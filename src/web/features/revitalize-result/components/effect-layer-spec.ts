/**
 * The parcels of the done plans as plain map data (docs/conventions.md "Layers, charts and walls as
 * data"): each shape filled in its plan's method colour (the choropleth's `code` = parcel id), one
 * point per parcel for the markers drawn while parcels are smaller than a pixel, the counts of plans
 * and parcels per method, and the extent to fit.
 */
import { pointOnFeature } from '@turf/turf'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import type { EffectMap, EffectMapFeature } from '../../../../domain/contracts/revitalize'
import { PLAN_METHODS, type PlanMethod } from '../../../../domain/revitalize'
import { outlineBbox } from '../../../map/rules/choropleth-rules'
import { METHOD_COLORS } from './effect-colors'

/** One parcel as drawn. */
export interface EffectPoint {
  parcelId: number
  planId: number
  color: string
  lng: number
  lat: number
}

/** What the map draws. */
export interface EffectLayerSpec {
  fill: FeatureCollection
  points: EffectPoint[]
  bbox: [number, number, number, number] | null
  /** plans per method (a plan of several parcels counts once) */
  plans: Record<PlanMethod, number>
  /** distinct done plans drawn */
  planCount: number
  /** the answer's parcel rows by parcel id */
  byParcel: Map<number, EffectMapFeature>
}

/** The map data of the answer of /api/revitalize/getPhMap. */
export function effectLayerSpec(map: EffectMap): EffectLayerSpec {
  const drawn = map.features.filter((f) => f.geometry)
  const fill: FeatureCollection = {
    type: 'FeatureCollection',
    features: drawn.map((f): Feature => ({
      type: 'Feature',
      geometry: f.geometry as Geometry,
      properties: {
        code: String(f.parcelId),
        name: `${f.planName}（${f.method}）`,
        value: f.effects.freedAreaMu ?? 0,
        color: METHOD_COLORS[f.method],
      },
    })),
  }
  const planSets = Object.fromEntries(PLAN_METHODS.map((m) => [m, new Set<number>()])) as Record<PlanMethod, Set<number>>
  for (const f of map.features) planSets[f.method].add(f.planId)
  const points = fill.features.map((f, i): EffectPoint => {
    const [lng, lat] = pointOnFeature(f).geometry.coordinates
    return { parcelId: drawn[i].parcelId, planId: drawn[i].planId, color: METHOD_COLORS[drawn[i].method], lng, lat }
  })
  return {
    fill,
    points,
    bbox: outlineBbox(fill),
    plans: Object.fromEntries(PLAN_METHODS.map((m) => [m, planSets[m].size])) as Record<PlanMethod, number>,
    planCount: new Set(map.features.map((f) => f.planId)).size,
    byParcel: new Map(map.features.map((f) => [f.parcelId, f])),
  }
}

/** One parcel's shape (its outline when picked): the map's own. */
export { parcelShape } from '../../../map/parcel-shape'
