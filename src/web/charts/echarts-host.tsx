/**
 * The one ECharts host (docs/conventions.md "Layers, charts and walls as data"): init on mount, setOption
 * on change as a merge (a wall refresh updates series in place instead of re-creating the chart),
 * resize with its box, dispose on unmount. The chart is drawn at the box's real pixel size — as a
 * canvas with the device pixel ratio capped at 2, or as SVG (the walls, ADR 0013: vector text
 * at any scale and no backing store that grows with the wall's pixels) — so a scaled wall stays
 * crisp and hover picking stays exact.
 */
import { useEffect, useRef, useState } from 'react'
import { echarts } from './echarts-setup'

/** Chart click: the clicked item's name and data. */
export interface ChartClick {
  name: string
  seriesId?: string
  data?: unknown
}

/** Props of {@link EChartsHost}. */
export interface EChartsHostProps {
  /** a full option from a `build-*-option` */
  option: Record<string, unknown>
  /** replace instead of merge (the series set changed, e.g. a map drilled to another map) */
  replace?: boolean
  /** 'svg' on the walls (ADR 0013); 'canvas' elsewhere */
  renderer?: 'canvas' | 'svg'
  onClick?: (e: ChartClick) => void
  testId?: string
  className?: string
}

/** Device pixel ratio used for chart canvases (issue 6: capped at 2). */
export const chartPixelRatio = () => Math.min(2, globalThis.devicePixelRatio || 1)

/** Draws one ECharts option in a box that fills its parent. */
export function EChartsHost({ option, replace, renderer = 'canvas', onClick, testId, className }: EChartsHostProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  const click = useRef(onClick)
  click.current = onClick
  // the renderer is fixed for the chart's life (a host is created for one place)
  const [firstRenderer] = useState(renderer)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const c = echarts.init(el, undefined, { renderer: firstRenderer, devicePixelRatio: chartPixelRatio() })
    chart.current = c
    c.on('click', (p) => click.current?.({ name: String(p.name ?? ''), seriesId: p.seriesId ?? undefined, data: p.data }))
    const observer = new ResizeObserver(() => c.resize())
    observer.observe(el)
    return () => {
      observer.disconnect()
      c.dispose()
      chart.current = null
    }
  }, [firstRenderer])

  useEffect(() => {
    const c = chart.current
    if (!c) return
    c.setOption(option as echarts.EChartsCoreOption, { notMerge: !!replace, lazyUpdate: false })
    box.current?.setAttribute('data-rendered', String(Number(box.current.getAttribute('data-rendered') ?? 0) + 1))
  }, [option, replace])

  return <div ref={box} className={className} data-testid={testId ?? 'chart'} style={{ width: '100%', height: '100%' }} />
}
