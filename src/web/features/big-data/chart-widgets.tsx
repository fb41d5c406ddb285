/**
 * The chart widgets of the walls: rows of a binding → a pure option builder → the one ECharts
 * host. Each chart carries its first category and value as data attributes (and an accessible
 * caption), so a reader without the canvas — and the e2e specs — can check the figure.
 */
import { createContext, useContext, useMemo } from 'react'
import styled from 'styled-components'
import { buildBarOption } from '../../charts/build-bar-option'
import { buildGaugeOption } from '../../charts/build-gauge-option'
import { buildLineOption } from '../../charts/build-line-option'
import { buildPieOption } from '../../charts/build-pie-option'
import { buildRadarOption } from '../../charts/build-radar-option'
import {
  num,
  prepareRows,
  type CategoryChartConfig,
  type ChartRow,
  type GaugeChartConfig,
  type PieChartConfig,
} from '../../charts/chart-config'
import { wallTheme } from '../../charts/chart-theme'
import { EChartsHost, type ChartClick } from '../../charts/echarts-host'
import type { WidgetProps, WidgetRegistry, WidgetRenderer } from '../../screen/widget-registry'

/** A chart's box in a widget body; its caption is for screen readers only. */
export const Figure = styled.figure`
  margin: 0;
  position: absolute;
  inset: 0;
  figcaption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`

/**
 * How the wall's charts are drawn: SVG by default (ADR 0013); `?renderer=canvas` on a wall's URL
 * switches to canvas (the benchmark compares the two side by side).
 */
export const WallRendererContext = createContext<'svg' | 'canvas'>('svg')

const rowsOf = (data: unknown): ChartRow[] =>
  Array.isArray(data) ? (data as ChartRow[]) : data && typeof data === 'object' ? [data as ChartRow] : []

/** A chart in a widget body with its headline figure as data. */
function ChartFigure({
  id,
  option,
  first,
  onClick,
}: {
  id: string
  option: Record<string, unknown>
  first: { label: string; value: number } | null
  onClick?: (e: ChartClick) => void
}) {
  const renderer = useContext(WallRendererContext)
  return (
    <Figure data-testid={`chart-${id}`} data-first-label={first?.label} data-first-value={first?.value}>
      <EChartsHost option={option} renderer={renderer} testId={`echarts-${id}`} onClick={onClick} />
      {first && <figcaption>{`${first.label}：${first.value}`}</figcaption>}
    </Figure>
  )
}

function categoryWidget(
  build: (rows: ChartRow[], c: CategoryChartConfig, t: ReturnType<typeof wallTheme>) => Record<string, unknown>,
  defaults: Partial<CategoryChartConfig> = {},
) {
  return function CategoryChart({ def, data, scale }: WidgetProps<CategoryChartConfig>) {
    const config = { ...defaults, ...def.view }
    const rows = rowsOf(data)
    const option = useMemo(() => build(rowsOf(data), { ...defaults, ...def.view }, wallTheme(scale)), [data, scale, def])
    const top = prepareRows(rows, config)[0]
    const first = top ? { label: String(top[config.category]), value: num(top, config.series[0].field) } : null
    return <ChartFigure id={def.id} option={option} first={first} />
  }
}

function PieWidget({ def, data, scale }: WidgetProps<PieChartConfig>) {
  // the body's shape in design pixels: the panel less its 40 px title and padding
  const aspect = (def.w - 24) / Math.max(1, def.h - (def.title ? 56 : 16))
  const option = useMemo(() => buildPieOption(rowsOf(data), def.view, wallTheme(scale), aspect), [data, scale, def, aspect])
  const top = [...rowsOf(data)].sort((a, b) => num(b, def.view.value.field) - num(a, def.view.value.field))[0]
  return (
    <ChartFigure
      id={def.id}
      option={option}
      first={top ? { label: String(top[def.view.name]), value: num(top, def.view.value.field) } : null}
    />
  )
}

function GaugeWidget({ def, data, scale }: WidgetProps<GaugeChartConfig>) {
  const row = rowsOf(data)[0] ?? {}
  const option = useMemo(() => buildGaugeOption(rowsOf(data)[0] ?? {}, def.view, wallTheme(scale)), [data, scale, def])
  return <ChartFigure id={def.id} option={option} first={{ label: def.view.value.name, value: num(row, def.view.value.field) }} />
}

/** bar, ranking, line, radar, pie, gauge */
export const CHART_WIDGETS: WidgetRegistry = {
  bar: categoryWidget(buildBarOption) as WidgetRenderer,
  ranking: categoryWidget(buildBarOption, { horizontal: true, sortDesc: true }) as WidgetRenderer,
  line: categoryWidget(buildLineOption) as WidgetRenderer,
  radar: categoryWidget(buildRadarOption) as WidgetRenderer,
  pie: PieWidget as WidgetRenderer,
  gauge: GaugeWidget as WidgetRenderer,
}

export { ChartFigure, rowsOf }
