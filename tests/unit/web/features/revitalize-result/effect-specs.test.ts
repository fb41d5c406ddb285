/**
 * The plain data of 盘活成效: the map's method colours, counts of plans (a plan of two parcels once)
 * and parcels, and the charts' 腾出面积 at the catalogue's two digits, ordered as read.
 */
import { describe, expect, it } from 'vitest'
import type { EffectMap, EffectMapFeature, EffectSummary, PlanEffects } from '../../../../../src/domain/contracts/revitalize'
import {
  buildCountyOption,
  buildMethodOption,
  buildYearOption,
} from '../../../../../src/web/features/revitalize-result/components/build-effect-options'
import { METHOD_COLORS } from '../../../../../src/web/features/revitalize-result/components/effect-colors'
import { effectLayerSpec, parcelShape } from '../../../../../src/web/features/revitalize-result/components/effect-layer-spec'

const fx = (freed: number | null): PlanEffects => ({
  freedAreaMu: freed,
  newBuildingM2: null,
  newInvestment: null,
  newTax: null,
  newOutput: null,
  plotRatioBefore: null,
  plotRatioAfter: null,
  taxPerMuBefore: null,
  taxPerMuAfter: null,
})
const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 30],
      [x + 0.01, 30],
      [x + 0.01, 30.01],
      [x, 30.01],
      [x, 30],
    ],
  ],
})
const feature = (planId: number, parcelId: number, method: EffectMapFeature['method'], geometry: unknown): EffectMapFeature => ({
  planId,
  planName: `方案${planId}`,
  method,
  parcelId,
  landCode: `L${parcelId}`,
  name: `地块${parcelId}`,
  year: 2026,
  completedDate: '2026-05-01',
  geometry,
  effects: fx(10),
})

describe('effectLayerSpec', () => {
  const map: EffectMap = {
    year: 2026,
    features: [
      feature(1, 11, '收回收储', square(120)),
      feature(1, 12, '收回收储', square(120.1)),
      feature(2, 21, '企业自主再开发', square(120.2)),
      feature(3, 31, '复垦', null),
    ],
  }
  const spec = effectLayerSpec(map)

  it('fills each drawn parcel in its method colour and counts plans once per method', () => {
    expect(spec.fill.features.map((f) => [f.properties?.code, f.properties?.color])).toEqual([
      ['11', METHOD_COLORS.收回收储],
      ['12', METHOD_COLORS.收回收储],
      ['21', METHOD_COLORS.企业自主再开发],
    ])
    expect(spec.planCount).toBe(3)
    expect(spec.plans).toMatchObject({ 收回收储: 1, 企业自主再开发: 1, 复垦: 1, 兼并重组: 0 })
    expect(spec.points.map((p) => [p.parcelId, p.planId])).toEqual([
      [11, 1],
      [12, 1],
      [21, 2],
    ])
    expect(spec.bbox?.map((v) => Number(v.toFixed(2)))).toEqual([120, 30, 120.21, 30.01])
    expect(spec.byParcel.get(31)?.planName).toBe('方案3')
    expect(parcelShape(spec, 12)?.features).toHaveLength(1)
    expect(parcelShape(spec, 31)).toBeNull()
  })
})

describe('charts of 成效概况', () => {
  const s: EffectSummary = {
    year: 2026,
    total: { planCount: 3, ...fx(30.456) },
    byYear: [
      { year: 2026, planCount: 2, ...fx(20.004) },
      { year: 2025, planCount: 1, ...fx(10.456) },
    ],
    byCounty: [
      { code: '330102', name: '上城区', planCount: 1, ...fx(5) },
      { code: '330105', name: '拱墅区', planCount: 1, ...fx(15.006) },
    ],
    byMethod: [{ method: '收回收储', planCount: 2, ...fx(20.004) }],
    plans: [],
  }

  it('draws 腾出面积 by year in year order, the chosen year dark', () => {
    const o = buildYearOption(s)
    expect(o.xAxis.data).toEqual(['2025年', '2026年'])
    expect(o.series[0].data).toEqual([
      { value: 10.46, itemStyle: { color: '#9db4d9' } },
      { value: 20, itemStyle: { color: '#1d4e9e' } },
    ])
    expect(o.yAxis.name).toBe('亩')
  })

  it('ranks the counties with the largest at the top and colours the methods', () => {
    const c = buildCountyOption(s)
    expect([c.yAxis.data, c.series[0].data]).toEqual([
      ['上城区', '拱墅区'],
      [5, 15.01],
    ])
    const m = buildMethodOption(s)
    expect(m.series[0].data).toEqual([{ name: '收回收储', value: 20, planCount: 2, itemStyle: { color: METHOD_COLORS.收回收储 } }])
  })
})
