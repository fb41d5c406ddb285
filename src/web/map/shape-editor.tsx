/**
 * 图形编辑 of one record (数据更新: draw or edit a parcel's outline, place an enterprise): the
 * current shape is shown; 编辑图形 lets vertices be dragged (@antv/l7-draw, loaded on first use),
 * 重新绘制 draws a new outline (click the corners, double-click to finish), 完成 hands the result to
 * the host. The host also offers the coordinates as text, so the shape can be typed as well.
 */
import { useEffect, useRef, useState } from 'react'
import { Button, Space, Typography } from 'antd'
import type { Feature, Geometry, MultiPolygon, Point, Polygon } from 'geojson'
import { useScene } from './map-host'
import { GeoJsonLayer, featuresOf } from './geojson-layer'

type Drawer = {
  enable(): void
  disable(): void
  destroy(): void
  getData(): Feature[]
  on(ev: string, fn: (f: Feature | Feature[]) => void): void
}

/** The polygons of a (multi)polygon, as features the draw tool edits. */
function polygonsOf(g: Geometry | null): Feature<Polygon>[] {
  if (!g) return []
  if (g.type === 'Polygon') return [{ type: 'Feature', geometry: g, properties: {} }]
  if (g.type === 'MultiPolygon')
    return g.coordinates.map((coordinates) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates }, properties: {} }))
  return []
}

/** Drawn features back to one geometry: one polygon, a multipolygon, or a point. */
function geometryOf(features: Feature[], mode: 'polygon' | 'point'): Polygon | MultiPolygon | Point | null {
  if (mode === 'point') {
    const p = features.find((f) => f.geometry?.type === 'Point')
    return (p?.geometry as Point) ?? null
  }
  const rings = features.filter((f) => f.geometry?.type === 'Polygon').map((f) => (f.geometry as Polygon).coordinates)
  if (rings.length === 0) return null
  return rings.length === 1 ? { type: 'Polygon', coordinates: rings[0] } : { type: 'MultiPolygon', coordinates: rings }
}

/** Props of {@link ShapeEditor}. */
export interface ShapeEditorProps {
  value: Geometry | null
  mode: 'polygon' | 'point'
  onChange: (g: Polygon | MultiPolygon | Point | null) => void
  disabled?: boolean
  color?: string
}

/** The editor's buttons and its drawing on the enclosing map. */
export function ShapeEditor({ value, mode, onChange, disabled, color = '#1677ff' }: ShapeEditorProps) {
  const engine = useScene()
  const drawer = useRef<Drawer | null>(null)
  const [drawing, setDrawing] = useState<'edit' | 'new' | null>(null)
  // corners placed of the outline being drawn: the user sees the click was taken (a slow map may drop one)
  const [nodes, setNodes] = useState(0)
  const stop = () => {
    drawer.current?.destroy()
    drawer.current = null
    setDrawing(null)
  }
  useEffect(() => () => drawer.current?.destroy(), [])

  const start = async (how: 'edit' | 'new') => {
    drawer.current?.destroy()
    const mod = (await import('@antv/l7-draw')) as unknown as Record<string, new (scene: unknown, o: object) => Drawer>
    // the draw tool edits its own copy; the host's value changes only through onChange
    const initialData = how === 'edit' ? polygonsOf(structuredClone(value)) : []
    const d = new mod[mode === 'point' ? 'DrawPoint' : 'DrawPolygon'](engine.l7, {
      initialData,
      editable: true,
      autoActive: true,
      multiple: mode === 'polygon',
      maxCount: mode === 'point' ? 1 : -1,
    })
    setNodes(0)
    d.on('addNode', () => setNodes((n) => n + 1))
    // a finished outline: the next one starts from no corner
    d.on('add', () => setNodes(0))
    if (mode === 'point') {
      // a point is done when placed
      d.on('add', () => {
        onChange(geometryOf(d.getData(), 'point'))
        stop()
      })
    }
    d.enable()
    drawer.current = d
    setDrawing(how)
  }
  const finish = () => {
    const d = drawer.current
    if (d) onChange(geometryOf(d.getData(), mode))
    stop()
  }

  return (
    <>
      {!drawing && <GeoJsonLayer data={featuresOf(value)} color={color} kind="fill" zIndex={30} />}
      <div
        data-testid="shape-editor"
        data-nodes={nodes}
        style={{
          position: 'absolute',
          left: 12,
          bottom: 12,
          zIndex: 8,
          background: 'rgba(255,255,255,0.95)',
          padding: '8px 10px',
          borderRadius: 4,
          boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
        }}
      >
        {drawing ? (
          <Space size={6}>
            <Typography.Text type="secondary">
              {mode === 'point'
                ? '在地图上点击企业位置'
                : drawing === 'new'
                  ? nodes > 0
                    ? `已点 ${nodes} 个拐点，双击结束`
                    : '依次点击各拐点，双击结束'
                  : '拖动顶点调整边界'}
            </Typography.Text>
            {mode === 'polygon' && (
              <Button size="small" type="primary" data-testid="shape-finish" onClick={finish}>
                完成
              </Button>
            )}
            <Button size="small" onClick={stop}>
              取消
            </Button>
          </Space>
        ) : (
          <Space size={6}>
            {value && mode === 'polygon' && (
              <Button size="small" disabled={disabled} data-testid="shape-edit" onClick={() => void start('edit')}>
                编辑图形
              </Button>
            )}
            <Button size="small" disabled={disabled} data-testid="shape-draw" onClick={() => void start('new')}>
              {mode === 'point' ? (value ? '重新点选位置' : '点选位置') : value ? '重新绘制' : '绘制图形'}
            </Button>
            {value && (
              <Button size="small" danger disabled={disabled} data-testid="shape-clear" onClick={() => onChange(null)}>
                清除
              </Button>
            )}
          </Space>
        )}
      </div>
    </>
  )
}
