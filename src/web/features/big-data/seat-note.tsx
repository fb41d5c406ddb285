/**
 * On a wall map whose level has no outlines (issue 19): everyone reads a quiet legend line, e.g.
 * 县级以驻地符号显示; administrators also get the dismissible hint naming the import command
 * (web/map OutlineHint). Leaders are never shown a developer command.
 */
import styled from 'styled-components'
import type { OutlineLevel, OutlineLevels } from '../../../domain/contracts/outlines'
import { OutlineHint } from '../../map/outline-hint'
import { missingLevels, seatLegendText } from '../../map/rules/outline-rules'
import { dp, WALL } from '../../screen/wall-styles'

const Box = styled.div`
  position: absolute;
  z-index: 3;
  left: ${dp(12)};
  top: ${dp(10)};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${dp(6)};
  font-size: ${dp(14)};
  pointer-events: none;
`
const Line = styled.span`
  color: ${WALL.muted};
  font-size: ${dp(13)};
  &::before {
    content: '';
    display: inline-block;
    width: ${dp(9)};
    height: ${dp(9)};
    margin-right: ${dp(6)};
    border-radius: 50%;
    background: ${WALL.accent};
    border: 1px solid #e8f0ff;
  }
`

/** The legend line and the administrators' hint of a wall map; nothing when every level it draws has outlines. */
export function SeatNote({ levels, needed }: { levels: OutlineLevels | null | undefined; needed: readonly OutlineLevel[] }) {
  const missing = missingLevels(levels, needed)
  if (missing.length === 0) return null
  return (
    <Box>
      <Line data-testid="seat-legend">{seatLegendText(missing)}</Line>
      <OutlineHint levels={levels} needed={needed} tone="wall" />
    </Box>
  )
}
