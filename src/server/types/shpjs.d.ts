/** shpjs ships no types: the .shp parser the shapefile import uses (geometries in file coordinates). */
declare module 'shpjs' {
  import type { Geometry } from 'geojson'
  export function parseShp(shp: ArrayBuffer | ArrayBufferView, prj?: string | false): (Geometry | null)[]
}
