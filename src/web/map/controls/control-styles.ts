/** Shared look of the map controls: white cards over the map, the product's blue. */
import styled from 'styled-components'

/** Anchor corners of a control. */
export const Corner = styled.div<{ $top?: number; $left?: number; $right?: number; $bottom?: number }>`
  position: absolute;
  z-index: 5;
  ${(p) => (p.$top !== undefined ? `top: ${p.$top}px;` : '')}
  ${(p) => (p.$left !== undefined ? `left: ${p.$left}px;` : '')}
  ${(p) => (p.$right !== undefined ? `right: ${p.$right}px;` : '')}
  ${(p) => (p.$bottom !== undefined ? `bottom: ${p.$bottom}px;` : '')}
`

/** A control's button. */
export const ControlButton = styled.button<{ $active?: boolean }>`
  height: 32px;
  padding: 0 12px;
  border: 1px solid ${(p) => (p.$active ? '#1d5fd6' : '#d0d7e2')};
  border-radius: 4px;
  background: ${(p) => (p.$active ? '#1d5fd6' : '#ffffff')};
  color: ${(p) => (p.$active ? '#ffffff' : '#1f2d3d')};
  font-size: 13px;
  cursor: pointer;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15);
  white-space: nowrap;
`

/** A control's panel. */
export const Panel = styled.div`
  margin-top: 4px;
  padding: 10px 12px;
  min-width: 200px;
  max-height: 60vh;
  overflow: auto;
  background: #ffffff;
  border-radius: 4px;
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.18);
  font-size: 13px;
  color: #1f2d3d;
`

/** A group title in a panel. */
export const GroupTitle = styled.div`
  display: flex;
  justify-content: space-between;
  padding: 4px 0;
  font-weight: 600;
  cursor: pointer;
  user-select: none;
`

/** One row in a panel. */
export const Row = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 3px 0 3px 8px;
`
