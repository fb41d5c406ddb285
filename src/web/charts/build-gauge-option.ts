/** 仪表盘: one figure against its full scale (e.g. 低效用地 share of all parcels). */
import { figure } from './chart-common'
import { num, type ChartRow, type GaugeChartConfig } from './chart-config'
import type { ChartTheme } from './chart-theme'

/** Full ECharts option of a gauge; the row is the API's single object. */
export function buildGaugeOption(row: ChartRow, config: GaugeChartConfig, theme: ChartTheme) {
  const value = num(row, config.value.field)
  const max = typeof config.max === 'number' ? config.max : num(row, config.max)
  return {
    backgroundColor: 'transparent',
    textStyle: { fontFamily: theme.fontFamily },
    series: [
      {
        type: 'gauge' as const,
        id: config.value.field,
        min: 0,
        max: max > 0 ? max : 1,
        radius: '92%',
        center: ['50%', '58%'],
        progress: { show: true, width: theme.px(14), itemStyle: { color: theme.palette[1] } },
        axisLine: { lineStyle: { width: theme.px(14), color: [[1, 'rgba(120,160,230,0.18)']] } },
        axisTick: { show: false },
        splitLine: { length: theme.px(8), lineStyle: { color: theme.axisLine, width: theme.px(2) } },
        axisLabel: { color: theme.textMuted, fontSize: theme.px(12), distance: theme.px(20) },
        pointer: { width: theme.px(5), itemStyle: { color: theme.palette[2] } },
        title: { color: theme.textMuted, fontSize: theme.px(15), offsetCenter: [0, '72%'] },
        detail: {
          color: theme.text,
          fontSize: theme.px(26),
          fontWeight: 'bold' as const,
          offsetCenter: [0, '38%'],
          formatter: (v: number) => figure(v, config.value),
        },
        data: [{ value, name: config.value.name }],
      },
    ],
  }
}
