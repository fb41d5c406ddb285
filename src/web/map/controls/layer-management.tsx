/**
 * 图层管理 (docs/product.md §2.1, §4): hover opens the panel, leaving closes it; collapsible groups
 * (initially open per `open`); a switch per layer — unchecking sets opacity 0, checking restores
 * the configured opacity, visible false starts at 0; the 影像 switch swaps the base pair.
 */
import { useState } from 'react'
import { Switch } from 'antd'
import { initialGroupsOpen, initialOpacity, sortedGroups, switchedOpacity, toggleGroup, type LayerGroupConfig } from '../rules/layer-rules'
import type { BaseChoice } from '../rules/base-map-rules'
import { ControlButton, GroupTitle, Panel, Row } from './control-styles'

/** Props of {@link LayerManagement}. */
export interface LayerManagementProps {
  groups: LayerGroupConfig[]
  onOpacity: (layerId: string, opacity: number) => void
  base: BaseChoice
  onBase: (choice: BaseChoice) => void
}

/** The first layer control. */
export function LayerManagement({ groups, onOpacity, base, onBase }: LayerManagementProps) {
  const [open, setOpen] = useState(false)
  const [groupOpen, setGroupOpen] = useState(() => initialGroupsOpen(groups))
  const [opacity, setOpacity] = useState<Record<string, number>>(() =>
    Object.fromEntries(groups.flatMap((g) => g.layers.map((l) => [l.id, initialOpacity(l)]))),
  )
  return (
    <div data-testid="layer-management" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <ControlButton $active={open}>图层管理</ControlButton>
      {open && (
        <Panel data-testid="layer-management-panel">
          <Row>
            <span>影像</span>
            <Switch size="small" data-testid="lm-imagery" checked={base === 'imagery'} onChange={(c) => onBase(c ? 'imagery' : 'vector')} />
          </Row>
          {sortedGroups(groups).map((g) => (
            <div key={g.name}>
              <GroupTitle data-testid={`lm-group-${g.name}`} onClick={() => setGroupOpen((s) => toggleGroup(s, g.name))}>
                <span>{g.name}</span>
                <span>{groupOpen[g.name] ? '▾' : '▸'}</span>
              </GroupTitle>
              {groupOpen[g.name] &&
                g.layers.map((l) => (
                  <Row key={l.id}>
                    <span>{l.name}</span>
                    <Switch
                      size="small"
                      data-testid={`lm-layer-${l.name}`}
                      checked={(opacity[l.id] ?? 0) > 0}
                      onChange={(checked) => {
                        const v = switchedOpacity(l, checked, 'management')
                        setOpacity((s) => ({ ...s, [l.id]: v }))
                        onOpacity(l.id, v)
                      }}
                    />
                  </Row>
                ))}
            </div>
          ))}
        </Panel>
      )}
    </div>
  )
}
