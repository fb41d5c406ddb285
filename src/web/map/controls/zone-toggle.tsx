/**
 * 图形开关 (docs/product.md §2.7, §4, §5, §9): 指界 #bea221, 勘测定界 #be3114, 竣工 #5755be outline layers;
 * toggling adds/removes and flies to the shapes (max zoom 16); with no data it warns 无法展示 with
 * the spec's message. The 建新 toggle informs the host with true / false.
 *
 * The shapes are the inputs' (a selected parcel's, filled in by the host, or typed into the range
 * control); with a district selected and no input, the district's zones are drawn from the
 * zones vector tiles (ADR 0010).
 */
import { useEffect, useState } from 'react'
import { Modal, message } from 'antd'
import { bbox } from '@turf/turf'
import { ZONES, ZONE_FLY_MAX_ZOOM, type ZoneKey } from '../../../domain/map-constants'
import { getRuntimeConfig } from '../../core/runtime-config'
import { shapes, vectorTileOutlines } from '../engine/layers'
import { useGcj02, useScene } from '../map-host'
import { bboxForDisplay, geojsonForDisplay } from '../rules/display-coords'
import { apiTileUrl } from '../rules/tile-url'
import { toggleZone, type RegionZoneCounts } from '../rules/zone-rules'
import { tileHeaders } from '../vector-tile-layer'
import { ControlButton } from './control-styles'
import { LabelledRow } from './control-label'

/** The three JSON-text inputs of docs/product.md §3 "Range control inputs" (plus the new-build shapes). */
export type ZoneInputs = Partial<Record<ZoneKey | 'jxtx', string>>

/** Zones of a district are drawn from tiles from this zoom on (the server's zones layer). */
const ZONE_TILE_MIN_ZOOM = 8

/** Props of {@link ZoneToggle}. */
export interface ZoneToggleProps {
  inputs: ZoneInputs
  /** the current selection when it is a district: its zone counts (tiles are drawn for it) */
  region?: RegionZoneCounts | null
  /** what the current selection is called, e.g. 某某地块 or 杭州市 */
  selectionName?: string
  onNewBuild?: (on: boolean) => void
}

/** The zone toggle. */
export function ZoneToggle({ inputs, region, selectionName, onNewBuild }: ZoneToggleProps) {
  const engine = useScene()
  const gcj02 = useGcj02()
  const [selected, setSelected] = useState<Set<ZoneKey>>(new Set())
  // what each shown item drew: the number of shapes, for the screen's status line and the tests
  const [drawn, setDrawn] = useState<Partial<Record<ZoneKey, number>>>({})
  const [newBuild, setNewBuild] = useState(false)
  useEffect(() => () => ZONES.forEach((z) => engine.clearSlot(`zone-${z.key}`)), [engine])
  const toggle = (key: ZoneKey) => {
    const r = toggleZone(selected, key, inputs, region)
    setSelected(r.selected)
    const e = r.effect
    if (e.kind === 'warn') Modal.warning({ title: e.title, content: e.message, okText: '确定' })
    else if (e.kind === 'wait') void message.info(e.message)
    else if (e.kind === 'remove') {
      engine.clearSlot(`zone-${e.key}`)
      setDrawn(({ [e.key]: _gone, ...rest }) => rest)
    } else if (e.kind === 'add') {
      const fc = geojsonForDisplay(e.shapes, gcj02)
      engine.setSlot(`zone-${e.key}`, shapes(fc, { kind: 'outline', color: e.color, width: 3 }, 25))
      engine.flyToBbox(bbox(fc) as [number, number, number, number], ZONE_FLY_MAX_ZOOM)
      setDrawn((d) => ({ ...d, [e.key]: e.shapes.features.length }))
    } else {
      const url = apiTileUrl(location.origin, getRuntimeConfig().baseUrl, 'zones', { kind: e.key, gcj02 })
      engine.setSlot(`zone-${e.key}`, [
        vectorTileOutlines({ url, sourceLayer: 'zones', headers: tileHeaders(), color: e.color, width: 2, minZoom: ZONE_TILE_MIN_ZOOM }),
      ])
      engine.flyToBbox(bboxForDisplay(e.bbox, gcj02), ZONE_FLY_MAX_ZOOM)
      setDrawn((d) => ({ ...d, [e.key]: e.count }))
      if (engine.zoom() < ZONE_TILE_MIN_ZOOM)
        void message.info(`共 ${e.count} 个${ZONES.find((z) => z.key === e.key)!.name}图形，放大到 ${ZONE_TILE_MIN_ZOOM} 级以上显示`)
    }
  }
  const attrs = Object.fromEntries(ZONES.map((z) => [`data-drawn-${z.key}`, drawn[z.key] ?? 0]))
  return (
    <div data-testid="zone-toggle" {...attrs} style={{ display: 'flex', gap: 4, flexDirection: 'column', alignItems: 'flex-end' }}>
      <div style={{ display: 'flex', gap: 4 }}>
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
      {selectionName && (
        <div
          data-testid="zone-scope"
          style={{ fontSize: 12, color: '#5c6b7a', background: 'rgba(255,255,255,0.85)', padding: '0 6px', borderRadius: 3 }}
        >
          图形范围：{selectionName}
        </div>
      )}
    </div>
  )
}
