/** Parcels drawn in a category's colour: what a coloured-parcels map draws, and one parcel's shape of it (pure). */
import type { FeatureCollection } from 'geojson'

/** What the map draws: shapes whose `code` property is the parcel id, and a point per parcel. */
export interface ColouredParcels {
  fill: FeatureCollection
  points: { parcelId: number; color: string; lng: number; lat: number }[]
  bbox: [number, number, number, number] | null
}

/** One parcel's shape (its outline when picked). */
export function parcelShape(spec: Pick<ColouredParcels, 'fill'>, parcelId: number): FeatureCollection | null {
  const features = spec.fill.features.filter((f) => f.properties?.code === String(parcelId))
  return features.length ? { type: 'FeatureCollection', features } : null
}
