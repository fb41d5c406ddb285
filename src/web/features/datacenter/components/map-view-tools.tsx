/** Small tools over a record map: filter by the current view, fly to a chosen record. */
import { Button, Space } from 'antd'
import { useEffect } from 'react'
import { useByValue } from '../../../core/use-by-value'
import { useScene } from '../../../map/map-host'

/** 按当前视野筛选 / 清除范围: hands the view's extent (west,south,east,north) to the page. */
export function ViewFilter({ active, onBbox }: { active: boolean; onBbox: (bbox: string | undefined) => void }) {
  const engine = useScene()
  return (
    <Space style={{ position: 'absolute', top: 12, left: 12, zIndex: 8 }}>
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        data-testid="view-filter"
        onClick={() => {
          const [w, s, e, n] = engine.bounds()
          onBbox([w, s, e, n].map((v) => v.toFixed(6)).join(','))
        }}
      >
        按当前视野筛选
      </Button>
      {active && (
        <Button size="small" onClick={() => onBbox(undefined)}>
          清除范围
        </Button>
      )}
    </Space>
  )
}

/** Centres the map on a point when it changes. */
export function FlyTo({ to, zoom = 16 }: { to: [number, number] | null; zoom?: number }) {
  const engine = useScene()
  // fly when the target changes, not when the parent rebuilds the same point
  const target = useByValue(to, to ? to.join(',') : '')
  useEffect(() => {
    if (target) engine.flyTo(target, zoom)
  }, [engine, target, zoom])
  return null
}
