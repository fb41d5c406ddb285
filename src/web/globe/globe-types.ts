/** Plain data the globe draws; features speak in these, never in Cesium types. */

/** A lon/lat ring, closed or not: [[lng, lat], …]. */
export type Ring = [number, number][]

/** An extruded parcel as the globe draws it. */
export interface GlobeParcelShape {
  id: number
  /** outer rings of the parcel's polygons */
  rings: Ring[]
  /** extrusion height in metres */
  height: number
}

/** A lon/lat box: west, south, east, north. */
export type Bbox = [number, number, number, number]

/** An outline with an optional label (region boundaries, project zones). */
export interface GlobeOutline {
  rings: Ring[]
  /** CSS colour */
  color: string
  width: number
  label?: string
  labelAt?: [number, number]
  /** dashed outline (指界 sketch) */
  dashed?: boolean
}

/** The camera as the globe reports it (degrees, metres). */
export interface CameraView {
  lng: number
  lat: number
  height: number
}
