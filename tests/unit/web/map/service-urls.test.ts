/** Requests of configured services (docs/product.md §7): dynamic image per view and feature queries. */
import { describe, expect, it } from 'vitest'
import { dynamicImageUrl, featureQueryUrl } from '../../../../src/web/map/rules/service-urls'

const view: [number, number, number, number] = [119.5, 29.5, 120.5, 30.5]

describe('configured service urls', () => {
  it('asks an ArcGIS MapServer for one image of the view', () => {
    expect(dynamicImageUrl('http://gis.zj/arcgis/rest/services/img/MapServer/', view, { width: 800.4, height: 600 })).toBe(
      'http://gis.zj/arcgis/rest/services/img/MapServer/export?bbox=119.5,29.5,120.5,30.5&bboxSR=4326&imageSR=3857&size=800,600&format=png32&transparent=true&f=image',
    )
  })
  it('asks a WMS for GetMap of the view', () => {
    const u = new URL(dynamicImageUrl('http://gis.zj/geoserver/wms?map=a', view, { width: 10, height: 20 }))
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      map: 'a',
      REQUEST: 'GetMap',
      BBOX: '119.5,29.5,120.5,30.5',
      WIDTH: '10',
      HEIGHT: '20',
      SRS: 'EPSG:4326',
    })
  })
  it('queries a feature service for GeoJSON in the view', () => {
    const u = new URL(featureQueryUrl('http://gis.zj/arcgis/rest/services/zd/FeatureServer/0', view))
    expect(u.pathname).toBe('/arcgis/rest/services/zd/FeatureServer/0/query')
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      f: 'geojson',
      geometry: '119.5,29.5,120.5,30.5',
      inSR: '4326',
      outSR: '4326',
    })
    expect(new URL(featureQueryUrl('http://gis.zj/geoserver/wfs', view)).searchParams.get('BBOX')).toBe('29.5,119.5,30.5,120.5,EPSG:4326')
  })
})

describe('display shift over a GCJ-02 base', async () => {
  const { toDisplay, rowsForDisplay } = await import('../../../../src/web/map/rules/display-coords')
  it('leaves WGS84 as is over a WGS84 base and shifts it a few hundred metres over Gaode', () => {
    expect(toDisplay(120.15, 30.28, false)).toEqual([120.15, 30.28])
    const [x, y] = toDisplay(120.15, 30.28, true)
    const metres = Math.hypot((x - 120.15) * 96_000, (y - 30.28) * 111_000)
    expect(metres).toBeGreaterThan(300)
    expect(metres).toBeLessThan(700)
    expect(rowsForDisplay([{ lng: 120.15, lat: 30.28, id: 1 }], true)[0]).toMatchObject({ id: 1, lng: x, lat: y })
  })
})

describe('GCJ-02 display of shapes and our tile addresses', async () => {
  const { geojsonForDisplay, geojsonFromDisplay, bboxForDisplay, toDisplay, toWgs84 } =
    await import('../../../../src/web/map/rules/display-coords')
  const { apiTileUrl } = await import('../../../../src/web/map/rules/tile-url')
  const ring = [
    [120.15, 30.28],
    [120.16, 30.28],
    [120.16, 30.29],
    [120.15, 30.28],
  ]
  const fc = {
    type: 'FeatureCollection' as const,
    features: [{ type: 'Feature' as const, properties: { landId: 'L1' }, geometry: { type: 'Polygon' as const, coordinates: [ring] } }],
  }
  it('shifts every vertex of a shape like a point, keeps its properties, and leaves the input alone', () => {
    const shown = geojsonForDisplay(fc, true)
    expect(shown.features[0].properties).toEqual({ landId: 'L1' })
    shown.features[0].geometry.coordinates[0].forEach((v, i) => expect(v).toEqual(toDisplay(ring[i][0], ring[i][1], true)))
    expect(fc.features[0].geometry.coordinates[0][0]).toEqual([120.15, 30.28])
    expect(geojsonForDisplay(fc, false)).toBe(fc)
  })
  it('brings a drawn shape and a clicked point back to WGS84 within a metre', () => {
    const back = geojsonFromDisplay(geojsonForDisplay(fc, true), true)
    back.features[0].geometry.coordinates[0].forEach((v, i) => expect(Math.hypot(v[0] - ring[i][0], v[1] - ring[i][1])).toBeLessThan(1e-5))
    const [x, y] = toDisplay(120.15, 30.28, true)
    const [lng, lat] = toWgs84(x, y, true)
    expect(Math.hypot(lng - 120.15, lat - 30.28)).toBeLessThan(1e-5)
    expect(toWgs84(1, 2, false)).toEqual([1, 2])
  })
  it('shifts an extent by its corners', () => {
    const b = bboxForDisplay([120.1, 30.2, 120.3, 30.4], true)
    expect(b.slice(0, 2)).toEqual(toDisplay(120.1, 30.2, true))
    expect(b.slice(2)).toEqual(toDisplay(120.3, 30.4, true))
  })
  it.each([
    [{}, 'http://h/api/tiles/parcels/{z}/{x}/{y}.pbf'],
    [{ gcj02: true }, 'http://h/api/tiles/parcels/{z}/{x}/{y}.pbf?crs=gcj02'],
  ])('parcel tiles with %o: %s', (opts, url) => expect(apiTileUrl('http://h', '', 'parcels', opts)).toBe(url))
  it('zone tiles of one kind, under a base url', () =>
    expect(apiTileUrl('http://h', '/gis', 'zones', { kind: 'jgtx', gcj02: true })).toBe(
      'http://h/gis/api/tiles/zones/{z}/{x}/{y}.pbf?kind=jgtx&crs=gcj02',
    ))
})
