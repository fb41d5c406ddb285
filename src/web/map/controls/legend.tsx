/** 图例 (docs/product.md §2.3): bottom right, with a close button that hides it. */
import { useState } from 'react'
import { CloseOutlined } from '@ant-design/icons'
import { Corner, Panel } from './control-styles'

/** One legend entry: a swatch and its meaning. */
export interface LegendItem {
  label: string
  color: string
  shape?: 'square' | 'circle' | 'line'
}

/** The legend. */
export function Legend({ title = '图例', items }: { title?: string; items: LegendItem[] }) {
  const [shown, setShown] = useState(true)
  if (!shown) return null
  return (
    <Corner $right={12} $bottom={12} data-testid="legend">
      <Panel style={{ minWidth: 150 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', fontWeight: 600, marginBottom: 6 }}>
          <span>{title}</span>
          <CloseOutlined data-testid="legend-close" aria-label="关闭图例" style={{ cursor: 'pointer' }} onClick={() => setShown(false)} />
        </div>
        {items.map((i) => (
          <div key={i.label} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '2px 0' }}>
            <span
              style={{
                width: 14,
                height: i.shape === 'line' ? 3 : 14,
                borderRadius: i.shape === 'circle' ? 7 : 2,
                background: i.color,
                display: 'inline-block',
              }}
            />
            <span>{i.label}</span>
          </div>
        ))}
      </Panel>
    </Corner>
  )
}
