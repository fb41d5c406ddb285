/** 资源云图 yearly figures chart: rows → option, units 万元. */
import { describe, expect, it } from 'vitest'
import { buildYearlyOption } from '../../../../src/web/charts/build-yearly-option'

describe('buildYearlyOption', () => {
  const rows = [
    { year: 2024, tax: 41.5, value_added: null, revenue: 900, energy: null, employees: 50, land_area_m2: null },
    { year: 2025, tax: null, value_added: null, revenue: 1000, energy: null, employees: 52, land_area_m2: null },
  ]
  it('puts years on the axis, tax as bars and revenue as a line on the second axis', () => {
    const o = buildYearlyOption(rows) as {
      xAxis: { data: string[] }
      series: { name: string; type: string; data: number[]; yAxisIndex?: number }[]
    }
    expect(o.xAxis.data).toEqual(['2024', '2025'])
    expect(o.series.map((s) => [s.name, s.type, s.data, s.yAxisIndex ?? 0])).toEqual([
      ['实缴税金', 'bar', [41.5, 0], 0],
      ['营业收入', 'line', [900, 1000], 1],
    ])
  })
})
