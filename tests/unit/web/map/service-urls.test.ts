/** Requests of configured services (spec §7): dynamic image per view and feature queries. */
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
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ map: 'a', REQUEST: 'GetMap', BBOX: '119.5,29.5,120.5,30.5', WIDTH: '10', HEIGHT: '20', SRS: 'EPSG:4326' })
  })
  it('queries a feature service for GeoJSON in the view', () => {
    const u = new URL(featureQueryUrl('http://gis.zj/arcgis/rest/services/zd/FeatureServer/0', view))
    expect(u.pathname).toBe('/arcgis/rest/services/zd/FeatureServer/0/query')
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ f: 'geojson', geometry: '119.5,29.5,120.5,30.5', inSR: '4326', outSR: '4326' })
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
