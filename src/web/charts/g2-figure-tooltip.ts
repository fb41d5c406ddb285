/**
 * A G2 tooltip that carries the figure's 口径 (issue 14): the usual title and item lines, then the
 * catalogue's sentence and — for a ratio whose parts the page knows — its working. Analysis
 * pages put it in a spec as `interaction: { tooltip: { render: figureTooltip(...) } }`.
 */
import { FIGURES, type FigureKey } from '../../domain/figures/catalogue'
import type { RatioParts } from '../../domain/figures/format'
import { caliberHtml, escapeHtml } from './chart-common'

/** What G2 hands a tooltip renderer. */
interface TooltipContent {
  title?: unknown
  items?: readonly { name?: unknown; value?: unknown; color?: string }[]
}

/**
 * The tooltip's renderer; `partsOf(title)` gives a ratio's numerator and denominator for that bar
 * or point. With several figures (lines of a trend), each one's 口径 shows when an item of its
 * name is in the tooltip.
 */
export function figureTooltip(figures: FigureKey | readonly FigureKey[], partsOf?: (title: string) => RatioParts | null | undefined) {
  const keys: readonly FigureKey[] = typeof figures === 'string' ? [figures] : figures
  return (_event: unknown, { title, items = [] }: TooltipContent): string => {
    const name = typeof title === 'string' ? title : String((title as { value?: unknown } | undefined)?.value ?? '')
    const lines = items.map(
      (i) =>
        `<div style="display:flex;gap:8px;align-items:center"><span style="width:8px;height:8px;border-radius:50%;background:${escapeHtml(i.color ?? '#1677ff')}"></span>` +
        `<span>${escapeHtml(String(i.name ?? ''))}</span><span style="margin-left:auto;font-weight:500">${escapeHtml(String(i.value ?? ''))}</span></div>`,
    )
    const shown = keys.length === 1 ? keys : keys.filter((k) => items.some((i) => i.name === FIGURES[k].name))
    const note = shown.map((k) => caliberHtml(k, partsOf?.(name), 'max-width:320px;margin-top:6px;font-size:12px')).join('')
    return `<div style="padding:8px 10px;min-width:180px"><div style="font-weight:600;margin-bottom:4px">${escapeHtml(name)}</div>${lines.join('')}${note}</div>`
  }
}
