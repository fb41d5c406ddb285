/**
 * The one ECharts host (ARCHITECTURE "charts"): init, setOption, resize, dispose. Features hand
 * it a full option built by a pure `build-*-option.ts`.
 */
import { useEffect, useRef } from 'react'
import * as echarts from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

/** An ECharts option as plain data (features never import echarts). */
export type ChartOption = Record<string, unknown>

/** Draws `option` in a box of the given height. */
export function EChart({ option, height = 240, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  useEffect(() => {
    if (!ref.current) return
    const c = echarts.init(ref.current)
    chart.current = c
    const ro = new ResizeObserver(() => c.resize())
    ro.observe(ref.current)
    return () => {
      ro.disconnect()
      c.dispose()
      chart.current = null
    }
  }, [])
  useEffect(() => {
    chart.current?.setOption(option, true)
  }, [option])
  return <div ref={ref} data-testid={testId} style={{ width: '100%', height }} />
}
