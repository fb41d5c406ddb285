/**
 * 图形开关 (spec §2.7, §4, §5, §9): 指界 #bea221, 勘测定界 #be3114, 竣工 #5755be outline layers;
 * toggling adds/removes and flies to the shapes (max zoom 16); with no data it warns 无法展示 with
 * the spec's message. The 建新 toggle informs the host with true / false.
 */
import { useEffect, useState } from 'react'
import { Modal } from 'antd'
import { bbox } from '@turf/turf'
import { ZONES, ZONE_FLY_MAX_ZOOM, type ZoneKey } from '../../../domain/map-constants'
import { shapes } from '../engine/layers'
import { useScene } from '../map-host'
import { toggleZone } from '../rules/zone-rules'
import { ControlButton } from './control-styles'
import { LabelledRow } from './control-label'

/** The three JSON-text inputs of spec §3 "Range control inputs" (plus the new-build shapes). */
export type ZoneInputs = Partial<Record<ZoneKey | 'jxtx', string>>

/** The zone toggle. */
export function ZoneToggle({ inputs, onNewBuild }: { inputs: ZoneInputs; onNewBuild?: (on: boolean) => void }) {
  const engine = useScene()
  const [selected, setSelected] = useState<Set<ZoneKey>>(new Set())
  const [newBuild, setNewBuild] = useState(false)
  useEffect(() => () => ZONES.forEach((z) => engine.clearSlot(`zone-${z.key}`)), [engine])
  const toggle = (key: ZoneKey) => {
    const r = toggleZone(selected, key, inputs)
    setSelected(r.selected)
    const e = r.effect
    if (e.kind === 'warn') Modal.warning({ title: e.title, content: e.message, okText: '确定' })
    else if (e.kind === 'remove') engine.clearSlot(`zone-${e.key}`)
    else {
      engine.setSlot(`zone-${e.key}`, shapes(e.shapes, { kind: 'outline', color: e.color, width: 3 }, 25))
      engine.flyToBbox(bbox(e.shapes) as [number, number, number, number], ZONE_FLY_MAX_ZOOM)
    }
  }
  return (
    <div data-testid="zone-toggle" style={{ display: 'flex', gap: 4 }}>
      <LabelledRow label="图形开关">
      {ZONES.map((z) => (
        <ControlButton key={z.key} data-testid={`zone-${z.key}`} $active={selected.has(z.key)} onClick={() => toggle(z.key)}>
          <span style={{ display: 'inline-block', width: 10, height: 10, border: `2px solid ${z.color}`, marginRight: 6 }} />
          {z.name}
        </ControlButton>
      ))}
      <ControlButton
        data-testid="zone-newbuild"
        $active={newBuild}
        onClick={() => {
          setNewBuild(!newBuild)
          onNewBuild?.(!newBuild)
        }}
      >
        建新
      </ControlButton>
      </LabelledRow>
    </div>
  )
}
