/**
 * 范围控件 (docs/product.md §2.6, §3): items 选点 and 勘测; three JSON-text inputs zjtx, djtx, jgtx plus the
 * host view. 选点 reports the next clicked map point to the host; 勘测 draws the shapes the three
 * inputs carry in their zone colours and flies to them.
 */
import { useEffect, useState } from 'react'
import { Input, message } from 'antd'
import { bbox } from '@turf/turf'
import type { Feature } from 'geojson'
import { ZONES, ZONE_FLY_MAX_ZOOM } from '../../../domain/map-constants'
import { shapes } from '../engine/layers'
import { useGcj02, useScene } from '../map-host'
import { geojsonForDisplay, toWgs84 } from '../rules/display-coords'
import { parseShapes } from '../rules/zone-rules'
import { ControlButton, Panel } from './control-styles'
import { LabelledRow } from './control-label'
import type { ZoneInputs } from './zone-toggle'

/** Props of {@link RangeControl}. */
export interface RangeControlProps {
  inputs: ZoneInputs
  onInputs: (next: ZoneInputs) => void
  onPoint?: (lnglat: [number, number]) => void
}

/** The range control. */
export function RangeControl({ inputs, onInputs, onPoint }: RangeControlProps) {
  const engine = useScene()
  const gcj02 = useGcj02()
  const [mode, setMode] = useState<'选点' | '勘测' | null>(null)
  const [point, setPoint] = useState<[number, number] | null>(null)
  useEffect(() => {
    if (mode !== '选点') return
    return engine.on('click', (e) => {
      // the map's mouse event names it lngLat (layer events: lnglat)
      const ev = e as { lngLat?: { lng: number; lat: number }; lnglat?: { lng: number; lat: number } }
      const ll = ev.lngLat ?? ev.lnglat
      if (!ll) return
      // the clicked place in WGS84 (the base may be drawn in GCJ-02)
      const [lng, lat] = toWgs84(ll.lng, ll.lat, gcj02)
      const p: [number, number] = [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6]
      setPoint(p)
      onPoint?.(p)
    })
  }, [engine, mode, onPoint, gcj02])
  useEffect(() => {
    engine.clearSlot('range')
    if (mode !== '勘测') return
    const all: Feature[] = []
    const layers = ZONES.flatMap((z) => {
      const parsed = parseShapes(inputs[z.key])
      if (!parsed) return []
      const fc = geojsonForDisplay(parsed, gcj02)
      all.push(...fc.features)
      return shapes(fc, { kind: 'outline', color: z.color, width: 2 }, 24)
    })
    if (!all.length) {
      void message.info('三类图形均未上传')
      return
    }
    engine.setSlot('range', layers)
    engine.flyToBbox(bbox({ type: 'FeatureCollection', features: all }) as [number, number, number, number], ZONE_FLY_MAX_ZOOM)
    return () => engine.clearSlot('range')
  }, [engine, mode, inputs, gcj02])
  return (
    <div data-testid="range-control">
      <LabelledRow label="范围">
        {(['选点', '勘测'] as const).map((m) => (
          <ControlButton key={m} data-testid={`range-${m}`} $active={mode === m} onClick={() => setMode(mode === m ? null : m)}>
            {m}
          </ControlButton>
        ))}
      </LabelledRow>
      {mode && (
        <Panel data-testid="range-panel" style={{ width: 300 }}>
          {mode === '选点' && <div data-testid="range-point">{point ? `已选点：${point[0]}, ${point[1]}` : '请在地图上点击选点'}</div>}
          {mode === '勘测' &&
            ZONES.map((z) => (
              <div key={z.key} style={{ marginBottom: 6 }}>
                <div>
                  {z.name}图形（{z.key}）
                </div>
                <Input.TextArea
                  data-testid={`range-input-${z.key}`}
                  rows={2}
                  placeholder="GeoJSON 文本"
                  value={inputs[z.key] ?? ''}
                  onChange={(e) => onInputs({ ...inputs, [z.key]: e.target.value })}
                />
              </div>
            ))}
        </Panel>
      )}
    </div>
  )
}
