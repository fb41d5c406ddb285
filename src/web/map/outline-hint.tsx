/**
 * The hint that a level has no outlines (issue 19): administrators — the super user and whoever
 * holds 行政区划 under 系统管理, the people who can load boundaries — read which outlines are
 * missing, that those figures show as symbols at the seats, and the import command. Everyone
 * else sees nothing here (a wall shows its own legend line instead). Dismissible.
 */
import { useState } from 'react'
import styled from 'styled-components'
import { IMPORT_BOUNDARIES_COMMAND, type OutlineLevel, type OutlineLevels } from '../../domain/contracts/outlines'
import { isGranted } from '../core/permission'
import { useUserMenus } from '../core/use-user-menus'
import { missingLevels, outlineHintText } from './rules/outline-rules'

/** The page where regions are administered; holding it means one can act on the hint. */
const REGION_ADMIN_PAGE = '/admin/setting/region'

/** Whether the signed-in user administers regions and boundaries. */
export function useBoundaryAdmin(): boolean {
  const { isAdmin, grants } = useUserMenus()
  return isAdmin || isGranted(REGION_ADMIN_PAGE, grants)
}

const Note = styled.div<{ $wall: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 0.6em;
  max-width: 40em;
  padding: 0.45em 0.6em 0.45em 0.9em;
  /* sized by the parent's font: 13 px on a page, the wall's scaled size on a wall */
  font-size: 0.93em;
  line-height: 1.5;
  border-radius: 4px;
  color: ${({ $wall }) => ($wall ? '#cfe3ff' : '#614700')};
  background: ${({ $wall }) => ($wall ? 'rgba(6, 22, 52, 0.92)' : '#fffbe6')};
  border: 1px solid ${({ $wall }) => ($wall ? 'rgba(255, 197, 61, 0.6)' : '#ffe58f')};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15);
  pointer-events: auto;
  code {
    white-space: nowrap;
    padding: 0 4px;
    font-family: ui-monospace, Menlo, Consolas, monospace;
    background: ${({ $wall }) => ($wall ? 'rgba(255, 255, 255, 0.08)' : 'rgba(0, 0, 0, 0.05)')};
    border-radius: 3px;
  }
  button {
    flex: none;
    border: 0;
    background: transparent;
    color: inherit;
    font-size: 1.25em;
    line-height: 1;
    cursor: pointer;
    opacity: 0.7;
  }
`

/** Props of {@link OutlineHint}. */
export interface OutlineHintProps {
  /** which levels have outlines (from a boundaries response); nothing shows while unknown */
  levels: OutlineLevels | null | undefined
  /** the levels this map draws */
  needed: readonly OutlineLevel[]
  /** dark on a wall, light on a page map */
  tone?: 'wall' | 'page'
}

/** The administrators' note on a map whose levels lack outlines; null for everyone else. */
export function OutlineHint({ levels, needed, tone = 'page' }: OutlineHintProps) {
  const admin = useBoundaryAdmin()
  const [closed, setClosed] = useState(false)
  const missing = missingLevels(levels, needed)
  if (!admin || closed || missing.length === 0) return null
  const [before, after] = outlineHintText(missing).split(IMPORT_BOUNDARIES_COMMAND)
  return (
    <Note $wall={tone === 'wall'} role="note" data-testid="outline-hint" data-missing={missing.join(',')}>
      <span data-testid="outline-hint-text">
        {before}
        <code>{IMPORT_BOUNDARIES_COMMAND}</code>
        {after}
      </span>
      <button type="button" aria-label="关闭提示" data-testid="outline-hint-close" onClick={() => setClosed(true)}>
        ×
      </button>
    </Note>
  )
}
