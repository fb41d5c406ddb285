/**
 * 选择控件 (docs/product.md §2.8): 选点, 勘测, 竣工, 建新 show the shapes of the matching input; clicking a
 * shape reports `{landId, name}` to the host. New-build shapes: hook 0 an orange dashed outline,
 * any other value a filled pink shape.
 */
import { useEffect, useState } from 'react'
import { message } from 'antd'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import type { ILayer } from '@antv/l7-core'
import { shapes } from '../engine/layers'
import { useGcj02, useScene } from '../map-host'
import { geojsonForDisplay } from '../rules/display-coords'
import { newBuildStyle, parseShapes, reportOf, SELECTION_ITEMS, type ShapeProps } from '../rules/zone-rules'
import { ControlButton } from './control-styles'
import { LabelledRow } from './control-label'
import type { ZoneInputs } from './zone-toggle'

/** Which input each item shows. */
const SOURCE: Record<(typeof SELECTION_ITEMS)[number], keyof ZoneInputs> = { 选点: 'zjtx', 勘测: 'djtx', 竣工: 'jgtx', 建新: 'jxtx' }
const COLOR: Record<string, string> = { 选点: '#bea221', 勘测: '#be3114', 竣工: '#5755be' }

/** The selection control. */
export function SelectionControl({
  inputs,
  onSelect,
}: {
  inputs: ZoneInputs
  onSelect: (r: { landId: string | number | undefined; name: string | undefined }) => void
}) {
  const engine = useScene()
  const gcj02 = useGcj02()
  const [item, setItem] = useState<(typeof SELECTION_ITEMS)[number] | null>(null)
  useEffect(() => {
    engine.clearSlot('selection')
    if (!item) return
    const parsed = parseShapes(inputs[SOURCE[item]])
    if (!parsed) {
      void message.info(`暂无${item}图形`)
      return
    }
    const fc = geojsonForDisplay(parsed, gcj02)
    const layers: ILayer[] = []
    if (item === '建新') {
      // docs/product.md §2.8: styled per feature by hook
      const outline = fc.features.filter((f) => newBuildStyle(f.properties?.hook).kind === 'outline')
      const filled = fc.features.filter((f) => newBuildStyle(f.properties?.hook).kind === 'fill')
      const asFc = (fs: Feature<Geometry, ShapeProps>[]): FeatureCollection => ({ type: 'FeatureCollection', features: fs })
      if (outline.length) layers.push(...shapes(asFc(outline), { kind: 'outline', color: '#ff8c00', dashed: true, width: 3 }, 26))
      if (filled.length) layers.push(...shapes(asFc(filled), { kind: 'fill', color: '#ff69b4' }, 26))
    } else {
      layers.push(...shapes(fc, { kind: 'fill', color: COLOR[item] }, 26))
    }
    for (const l of layers)
      l.on('click', (e: { feature?: { properties?: ShapeProps } & ShapeProps }) => onSelect(reportOf(e.feature?.properties ?? e.feature)))
    engine.setSlot('selection', layers)
    return () => engine.clearSlot('selection')
  }, [engine, item, inputs, onSelect, gcj02])
  return (
    <div data-testid="selection-control" style={{ display: 'flex', gap: 4 }}>
      <LabelledRow label="图形选择">
        {SELECTION_ITEMS.map((i) => (
          <ControlButton key={i} data-testid={`select-${i}`} $active={item === i} onClick={() => setItem(item === i ? null : i)}>
            {i}
          </ControlButton>
        ))}
      </LabelledRow>
    </div>
  )
}
