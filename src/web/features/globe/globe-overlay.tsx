/** Overlay pieces shared by both globe pages: panels over the canvas and the legend. */
import styled from 'styled-components'
import type { LegendItem } from './globe-themes'

/** A page-filling box that the globe host fills. */
export const GlobePage = styled.div`
  position: relative;
  height: calc(100vh - 122px);
  min-height: 520px;
  border-radius: 4px;
  overflow: hidden;
  background: #0b1a33;
`

/** A floating panel at a corner of the globe. */
export const Floating = styled.div<{ $top?: number; $left?: number; $right?: number; $bottom?: number; $width?: number }>`
  position: absolute;
  z-index: 2;
  ${({ $top }) => ($top !== undefined ? `top: ${$top}px;` : '')}
  ${({ $left }) => ($left !== undefined ? `left: ${$left}px;` : '')}
  ${({ $right }) => ($right !== undefined ? `right: ${$right}px;` : '')}
  ${({ $bottom }) => ($bottom !== undefined ? `bottom: ${$bottom}px;` : '')}
  ${({ $width }) => ($width !== undefined ? `width: ${$width}px;` : '')}
  background: rgba(255, 255, 255, 0.94);
  border-radius: 4px;
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.25);
  padding: 10px 12px;
  font-size: 13px;
`

const Swatch = styled.i<{ $color: string }>`
  display: inline-block;
  width: 14px;
  height: 14px;
  margin-right: 6px;
  vertical-align: -2px;
  border-radius: 2px;
  background: ${({ $color }) => $color};
`

/** The legend of the current theme, with optional counts. */
export function Legend({
  title,
  items,
  counts,
  bottom = 36,
}: {
  title: string
  items: LegendItem[]
  counts?: Record<string, number>
  bottom?: number
}) {
  return (
    <Floating $left={12} $bottom={bottom} data-testid="globe-legend">
      <div style={{ fontWeight: 600, marginBottom: 6 }} data-testid="globe-legend-title">
        图例：{title}
      </div>
      {items.map((it) => (
        <div key={it.label} data-testid="globe-legend-item" style={{ lineHeight: '22px' }}>
          <Swatch $color={it.color} />
          {it.label}
          {counts && <span style={{ color: '#666', marginLeft: 6 }}>{counts[it.label] ?? 0}</span>}
        </div>
      ))}
    </Floating>
  )
}
