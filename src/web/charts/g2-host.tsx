/**
 * The one G2 host of the analysis pages (docs/architecture.md: charts/ holds one ECharts host and one G2
 * host; docs/conventions.md "Layers, charts and walls as data"): creates the chart on mount, draws each new
 * spec in place, destroys it on unmount. A click on a mark reports its datum (drill-down). With no
 * data it shows the empty text instead of bare axes. `data-rendered` counts the finished draws, so
 * a test waits on it instead of sleeping. Spec builders turn animation off on every mark (the
 * view's flag does not reach them), so a redraw shows the new figures at once.
 */
import { Chart } from '@antv/g2'
import { useEffect, useRef } from 'react'
import { emptyState } from '../ui/list-shell'
import type { G2Spec } from './g2-spec'

/** Props of {@link G2Host}. */
export interface G2HostProps {
  /** a full spec from a `build-*-spec` */
  spec: G2Spec
  /** data points in the spec; none shows `emptyText` */
  count: number
  emptyText: string
  height?: number
  /** what the chart shows, for screen readers */
  label?: string
  /** called with the clicked mark's datum */
  onPick?: (datum: Record<string, unknown>) => void
  testId: string
}

/** Draws one G2 spec in a box of the given height. */
export function G2Host({ spec, count, emptyText, height = 260, label, onPick, testId }: G2HostProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<Chart | null>(null)
  const pick = useRef(onPick)
  pick.current = onPick

  useEffect(() => {
    const el = box.current
    if (!el) return
    const c = new Chart({ container: el, autoFit: true })
    c.on('element:click', (e: { data?: { data?: Record<string, unknown> } }) => {
      const datum = e.data?.data
      if (datum) pick.current?.(datum)
    })
    chart.current = c
    return () => {
      c.destroy()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    const c = chart.current
    if (!c) return
    let live = true
    c.options(spec)
    void c.render().then(() => {
      const el = box.current
      if (live && el) el.dataset.rendered = String(Number(el.dataset.rendered ?? 0) + 1)
    })
    return () => {
      live = false
    }
  }, [spec])

  return (
    <div style={{ position: 'relative', height }}>
      <div
        ref={box}
        role="img"
        aria-label={label}
        data-testid={testId}
        data-points={count}
        style={{ width: '100%', height: '100%', visibility: count ? 'visible' : 'hidden' }}
      />
      {count === 0 && <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>{emptyState(emptyText)}</div>}
    </div>
  )
}
