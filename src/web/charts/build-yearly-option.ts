/** 企业年度指标图 (资源云图 detail drawer): tax and revenue per year, 万元. */
import type { YearlyRow } from '../core/calls/query-parcel'

/** Yearly rows → a bar (实缴税金) + line (营业收入) option. */
export function buildYearlyOption(rows: YearlyRow[]): Record<string, unknown> {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Number(v).toFixed(2)} 万元` },
    legend: { data: ['实缴税金', '营业收入'], top: 0 },
    grid: { left: 56, right: 56, top: 30, bottom: 24 },
    xAxis: { type: 'category', data: rows.map((r) => String(r.year)) },
    yAxis: [
      { type: 'value', name: '税金(万元)' },
      { type: 'value', name: '收入(万元)', splitLine: { show: false } },
    ],
    series: [
      { name: '实缴税金', type: 'bar', data: rows.map((r) => r.tax ?? 0), itemStyle: { color: '#1d5fd6' } },
      { name: '营业收入', type: 'line', yAxisIndex: 1, data: rows.map((r) => r.revenue ?? 0), itemStyle: { color: '#f59f00' } },
    ],
  }
}
