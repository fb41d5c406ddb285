/**
 * 图层控制 (docs/product.md §2.2, §4): toggles on click; a fixed 基础图层 group with exclusive 矢量 / 影像,
 * then the configured groups with a checkbox per layer; checking restores opacity 1.
 */
import { useState } from 'react'
import { Checkbox, Radio } from 'antd'
import { initialOpacity, sortedGroups, switchedOpacity, type LayerGroupConfig } from '../rules/layer-rules'
import type { BaseChoice } from '../rules/base-map-rules'
import { ControlButton, GroupTitle, Panel, Row } from './control-styles'

/** Props of {@link LayerControl}. */
export interface LayerControlProps {
  groups: LayerGroupConfig[]
  onOpacity: (layerId: string, opacity: number) => void
  base: BaseChoice
  onBase: (choice: BaseChoice) => void
}

/** The second layer control. */
export function LayerControl({ groups, onOpacity, base, onBase }: LayerControlProps) {
  const [open, setOpen] = useState(false)
  const [opacity, setOpacity] = useState<Record<string, number>>(() =>
    Object.fromEntries(groups.flatMap((g) => g.layers.map((l) => [l.id, initialOpacity(l)]))),
  )
  return (
    <div data-testid="layer-control">
      <ControlButton $active={open} onClick={() => setOpen((o) => !o)}>
        图层控制
      </ControlButton>
      {open && (
        <Panel data-testid="layer-control-panel">
          <GroupTitle>基础图层</GroupTitle>
          <Radio.Group value={base} onChange={(e) => onBase(e.target.value as BaseChoice)} style={{ paddingLeft: 8 }}>
            <Radio value="vector" data-testid="lc-vector">
              矢量
            </Radio>
            <Radio value="imagery" data-testid="lc-imagery">
              影像
            </Radio>
          </Radio.Group>
          {sortedGroups(groups).map((g) => (
            <div key={g.name}>
              <GroupTitle>{g.name}</GroupTitle>
              {g.layers.map((l) => (
                <Row key={l.id}>
                  <Checkbox
                    data-testid={`lc-layer-${l.name}`}
                    checked={(opacity[l.id] ?? 0) > 0}
                    onChange={(e) => {
                      const v = switchedOpacity(l, e.target.checked, 'control')
                      setOpacity((s) => ({ ...s, [l.id]: v }))
                      onOpacity(l.id, v)
                    }}
                  >
                    {l.name}
                  </Checkbox>
                </Row>
              ))}
            </div>
          ))}
        </Panel>
      )}
    </div>
  )
}
