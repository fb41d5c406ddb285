/**
 * The parcels of a plan (or of a 台账 entry about to get one) on a small map, drawn as the other
 * record maps draw a parcel: the neighbours faintly, the plan's shapes filled and outlined, the view
 * fitted to them. Without a shape it says so instead of an empty map.
 */
import { Empty } from 'antd'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import { useMemo } from 'react'
import { GeoJsonLayer } from '../../../map/geojson-layer'
import { RecordMap } from '../../../map/record-map'

/** A parcel as the map needs it. */
export interface MapParcel {
  parcelId: number
  landCode: string
  geometry: unknown
}

/** The shapes as one collection (parcels without a shape left out). */
export function parcelsCollection(parcels: readonly MapParcel[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: parcels
      .filter((p) => p.geometry)
      .map((p): Feature => ({
        type: 'Feature',
        geometry: p.geometry as Geometry,
        properties: { code: String(p.parcelId), name: p.landCode },
      })),
  }
}

/** The map of `parcels`, `height` pixels tall. */
export function ParcelMap({ parcels, height = 260 }: { parcels: readonly MapParcel[]; height?: number }) {
  const shapes = useMemo(() => parcelsCollection(parcels), [parcels])
  if (shapes.features.length === 0)
    return (
      <div data-testid="plan-parcel-map" data-shapes="0">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="地块尚无图形，请在数据中心补录地块范围后查看" />
      </div>
    )
  return (
    <div data-testid="plan-parcel-map" data-shapes={shapes.features.length}>
      <RecordMap height={height}>
        <GeoJsonLayer data={shapes} color="#c8161d" kind="fill" zIndex={24} />
        <GeoJsonLayer data={shapes} color="#8a0f14" kind="outline" width={2} zIndex={25} fitMaxZoom={17} />
      </RecordMap>
    </div>
  )
}
