/**
 * The charts of 成效概况 as plain ECharts options (docs/conventions.md "Layers, charts and walls as
 * data"): 腾出面积 by year, by county and by method. Values and their text come from the figures
 * catalogue (freedAreaMu, its unit and digits).
 */
import type { EffectSummary } from '../../../../domain/contracts/revitalize'
import { FIGURES } from '../../../../domain/figures/catalogue'
import { formatFigureValue } from '../../../../domain/figures/format'
import { METHOD_COLORS } from './effect-colors'

const FREED = FIGURES.freedAreaMu
const round = (v: number | null) => (v === null ? 0 : Number(v.toFixed(FREED.digits)))
const tooltipValue = (v: unknown) => formatFigureValue('freedAreaMu', typeof v === 'number' ? v : Number(v))

const grid = { top: 28, right: 16, bottom: 28, left: 56, containLabel: true }

/** 腾出面积 and 已办结方案 of every year with done plans (the chosen year highlighted). */
export function buildYearOption(s: EffectSummary) {
  const years = [...s.byYear].sort((a, b) => a.year - b.year)
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue },
    xAxis: { type: 'category', data: years.map((y) => `${y.year}年`) },
    yAxis: { type: 'value', name: FREED.unit },
    series: [
      {
        type: 'bar',
        name: FREED.name,
        barMaxWidth: 36,
        data: years.map((y) => ({
          value: round(y.freedAreaMu),
          itemStyle: { color: y.year === s.year ? '#1d4e9e' : '#9db4d9' },
        })),
        label: {
          show: true,
          position: 'top',
          formatter: (p: { value: number }) => formatFigureValue('freedAreaMu', p.value, { unit: false }),
        },
      },
    ],
  }
}

/** 腾出面积 by county, largest first. */
export function buildCountyOption(s: EffectSummary) {
  const rows = [...s.byCounty].sort((a, b) => (a.freedAreaMu ?? 0) - (b.freedAreaMu ?? 0))
  return {
    grid: { ...grid, left: 8, right: 48 },
    tooltip: { trigger: 'axis', valueFormatter: tooltipValue },
    xAxis: { type: 'value', name: FREED.unit },
    yAxis: { type: 'category', data: rows.map((r) => r.name) },
    series: [
      {
        type: 'bar',
        name: FREED.name,
        barMaxWidth: 20,
        itemStyle: { color: '#1d4e9e' },
        data: rows.map((r) => round(r.freedAreaMu)),
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: number }) => formatFigureValue('freedAreaMu', p.value, { unit: false }),
        },
      },
    ],
  }
}

/** 腾出面积 by method as a ring, each method in its colour; plan counts in the tooltip. */
export function buildMethodOption(s: EffectSummary) {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; data: { planCount: number } }) =>
        `${p.name}<br/>${FREED.name} ${formatFigureValue('freedAreaMu', p.value)}<br/>已办结方案 ${p.data.planCount} 个`,
    },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['36%', '58%'],
        center: ['50%', '44%'],
        // a long method (企业自主再开发) wraps beside its slice instead of being cut off at the box's edge
        label: { formatter: '{b}\n{d}%', width: 88, overflow: 'break', lineHeight: 15 },
        labelLine: { length: 8, length2: 6 },
        data: s.byMethod.map((m) => ({
          name: m.method,
          value: round(m.freedAreaMu),
          planCount: m.planCount,
          itemStyle: { color: METHOD_COLORS[m.method] },
        })),
      },
    ],
  }
}
