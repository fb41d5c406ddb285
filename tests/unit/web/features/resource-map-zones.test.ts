/** 资源云图 zone inputs: a parcel's shapes from the API become the zone controls' JSON-text inputs. */
import { describe, expect, it } from 'vitest'
import type { ParcelZones } from '../../../../src/domain/contracts/map'
import { zonesSummary, zonesToInputs } from '../../../../src/web/features/resource-map/zone-inputs'
import { toParcelZones, toZoneExtents } from '../../../../src/server/modules/map/service'

const square = {
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [120, 30],
        [120.01, 30],
        [120.01, 30.01],
        [120, 30],
      ],
    ],
  ],
}
const fc = {
  type: 'FeatureCollection' as const,
  features: [{ type: 'Feature' as const, properties: { landId: 'L1', name: '一号项目' }, geometry: square }],
}
const zones: ParcelZones = {
  parcelId: 7,
  landCode: 'L1',
  parcelName: '一号地块',
  project: '一号项目',
  zones: { zjtx: fc, djtx: fc, jgtx: null, jxtx: null },
}

describe('zone inputs of a selected parcel', () => {
  it('gives the uploaded kinds as GeoJSON text and leaves the others empty (toggling them warns)', () => {
    const inputs = zonesToInputs(zones)
    expect(Object.keys(inputs)).toEqual(['zjtx', 'djtx'])
    expect(JSON.parse(inputs.zjtx!)).toEqual(fc)
  })
  it('says which shapes were uploaded', () => {
    expect(zonesSummary(zones)).toBe('一号项目：已上传 指界、勘测定界；未上传 竣工')
    expect(zonesSummary({ ...zones, project: null, zones: { zjtx: null, djtx: null, jgtx: null, jxtx: null } })).toBe(
      '该地块没有全生命周期项目，未上传指界、勘测定界、竣工图形',
    )
  })
})

describe('zone rows → contract (server)', () => {
  const row = { parcel_id: 7, land_code: 'L1', parcel_name: '一号地块', project: '一号项目' }
  it('groups a parcel’s rows by input with landId and the project name', () => {
    const z = toParcelZones([
      { ...row, kind: '指界', geometry: JSON.stringify(square) },
      { ...row, kind: '竣工', geometry: JSON.stringify(square) },
    ])!
    expect(z.zones.zjtx).toEqual(fc)
    expect(z.zones.jgtx?.features).toHaveLength(1)
    expect([z.zones.djtx, z.zones.jxtx]).toEqual([null, null])
    expect(z).toMatchObject({ parcelId: 7, landCode: 'L1', project: '一号项目' })
  })
  it('a parcel without a project: every input null; no rows: no parcel', () => {
    expect(toParcelZones([{ ...row, project: null, kind: null, geometry: null }])!.zones).toEqual({
      zjtx: null,
      djtx: null,
      jgtx: null,
      jxtx: null,
    })
    expect(toParcelZones([])).toBeUndefined()
  })
  it('one extent per input, zero where none', () =>
    expect(toZoneExtents([{ kind: '勘测定界', n: 4, w: 1, s: 2, e: 3, n_: 4 }])).toEqual([
      { key: 'zjtx', count: 0, bbox: null },
      { key: 'djtx', count: 4, bbox: [1, 2, 3, 4] },
      { key: 'jgtx', count: 0, bbox: null },
      { key: 'jxtx', count: 0, bbox: null },
    ]))
})
