/**
 * 绘制与测量 (docs/product.md §1, §9): draw a point, line, polygon, rectangle or circle (@antv/l7-draw,
 * loaded only when first used); lengths in km, areas from the geometry, 4 decimals; a buffer in
 * metres around the last shape. A drawn area is handed to the host (search within a shape); the
 * host may also hand in a target geometry (e.g. the open parcel) to measure.
 */
import { useEffect, useRef, useState } from 'react'
import { Button, InputNumber, Space } from 'antd'
import type { Feature, Geometry, LineString, MultiPolygon, Polygon } from 'geojson'
import { shapes } from '../engine/layers'
import { useGcj02, useScene } from '../map-host'
import { geojsonForDisplay, geojsonFromDisplay } from '../rules/display-coords'
import { areaText, bufferOf, lengthText } from '../rules/measure-rules'
import { ControlButton, Panel } from './control-styles'

const TOOLS = [
  ['point', '点', 'DrawPoint'],
  ['line', '线', 'DrawLine'],
  ['polygon', '面', 'DrawPolygon'],
  ['rect', '矩形', 'DrawRect'],
  ['circle', '圆', 'DrawCircle'],
] as const

type Drawer = { enable(): void; disable(): void; destroy(): void; on(ev: string, fn: (f: Feature) => void): void }

/** What a geometry measures, as shown. */
export function measureText(g: Geometry | null | undefined): string {
  if (!g) return ''
  if (g.type === 'LineString') return `长度 ${lengthText(g as LineString)}`
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') return `面积 ${areaText(g as Polygon | MultiPolygon)}`
  if (g.type === 'Point') return `坐标 ${g.coordinates.map((c) => c.toFixed(6)).join(', ')}`
  return ''
}

/** The draw and measure tool. */
export function DrawMeasure({ target, onDrawn }: { target?: Geometry | null; onDrawn?: (g: Polygon | MultiPolygon) => void }) {
  const engine = useScene()
  const gcj02 = useGcj02()
  const [open, setOpen] = useState(false)
  const [shape, setShape] = useState<Geometry | null>(null)
  const [metres, setMetres] = useState<number | null>(100)
  // vertices placed on the shape being drawn (l7-draw reports each), shown while drawing
  const [nodes, setNodes] = useState(0)
  const drawer = useRef<Drawer | null>(null)
  const stop = () => {
    drawer.current?.destroy()
    drawer.current = null
  }
  useEffect(
    () => () => {
      stop()
      engine.clearSlot('buffer')
    },
    [engine],
  )
  const start = async (cls: (typeof TOOLS)[number][2]) => {
    stop()
    const mod = (await import('../engine/draw-tools')) as unknown as Record<string, new (scene: unknown, o: object) => Drawer>
    const d = new mod[cls](engine.l7, { maxCount: 1, autoActive: true })
    setNodes(0)
    d.on('addNode', () => setNodes((n) => n + 1))
    d.on('add', (f: Feature) => {
      setNodes(0)
      // drawn over the shown base; measured and searched in WGS84 like the stored data
      const g = geojsonFromDisplay(f.geometry, gcj02)
      setShape(g)
      if (g.type === 'Polygon' || g.type === 'MultiPolygon') onDrawn?.(g)
    })
    d.enable()
    drawer.current = d
  }
  const shown = shape ?? target ?? null
  return (
    <div data-testid="draw-measure" data-nodes={nodes}>
      <ControlButton $active={open} data-testid="draw-toggle" onClick={() => setOpen(!open)}>
        绘制测量
      </ControlButton>
      {open && (
        <Panel style={{ width: 280 }} data-testid="draw-panel">
          <Space wrap size={4}>
            {TOOLS.map(([key, name, cls]) => (
              <Button key={key} size="small" data-testid={`draw-${key}`} onClick={() => void start(cls)}>
                {name}
              </Button>
            ))}
            <Button
              size="small"
              onClick={() => {
                stop()
                setShape(null)
                engine.clearSlot('buffer')
              }}
            >
              清除
            </Button>
          </Space>
          <div data-testid="measure-result" style={{ margin: '8px 0', minHeight: 20 }}>
            {nodes > 0
              ? `正在绘制：已有 ${nodes} 个节点，双击或再点最后一个节点结束`
              : shown
                ? measureText(shown)
                : '绘制图形后显示测量结果'}
          </div>
          <Space size={4}>
            <span>缓冲</span>
            <InputNumber size="small" min={1} max={100000} value={metres} onChange={(v) => setMetres(v)} data-testid="buffer-metres" />
            <span>米</span>
            <Button
              size="small"
              disabled={!shown}
              data-testid="buffer-run"
              onClick={() => {
                const b = shown && metres ? bufferOf(shown, metres) : undefined
                if (b)
                  engine.setSlot(
                    'buffer',
                    shapes(geojsonForDisplay({ type: 'FeatureCollection', features: [b] }, gcj02), { kind: 'fill', color: '#13c2c2' }, 22),
                  )
              }}
            >
              生成
            </Button>
          </Space>
        </Panel>
      )}
    </div>
  )
}
