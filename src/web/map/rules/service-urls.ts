/**
 * Request URLs of configured services (docs/product.md §7: layers of type title, feature or dynamic load
 * from their urls as tile, feature-service and dynamic-image layers).
 */
import type { Bbox } from '../engine/map-engine'

/** Whether a url is an OGC WMS endpoint (else it is taken as an ArcGIS REST MapServer). */
const isWms = (url: string) => /wms/i.test(url)

/** A dynamic map service's image for the current view: ArcGIS `export` or WMS `GetMap`, in Web Mercator. */
export function dynamicImageUrl(url: string, b: Bbox, size: { width: number; height: number }): string {
  const w = Math.round(size.width)
  const h = Math.round(size.height)
  const sep = url.includes('?') ? '&' : '?'
  if (isWms(url)) {
    return `${url}${sep}SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=0&STYLES=&SRS=EPSG:4326&BBOX=${b.join(',')}&WIDTH=${w}&HEIGHT=${h}&FORMAT=image/png&TRANSPARENT=true`
  }
  return `${url.replace(/\/$/, '')}/export?bbox=${b.join(',')}&bboxSR=4326&imageSR=3857&size=${w},${h}&format=png32&transparent=true&f=image`
}

/** A feature service's features inside a view as GeoJSON: ArcGIS `query` or WFS `GetFeature`. */
export function featureQueryUrl(url: string, b: Bbox): string {
  const sep = url.includes('?') ? '&' : '?'
  if (/wfs/i.test(url))
    return `${url}${sep}SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&OUTPUTFORMAT=application/json&SRSNAME=EPSG:4326&BBOX=${b[1]},${b[0]},${b[3]},${b[2]},EPSG:4326`
  return `${url.replace(/\/$/, '')}/query?where=1%3D1&outFields=*&geometry=${b.join(',')}&geometryType=esriGeometryEnvelope&inSR=4326&outSR=4326&spatialRel=esriSpatialRelIntersects&f=geojson`
}
