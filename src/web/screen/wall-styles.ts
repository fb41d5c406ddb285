/**
 * The wall's look in CSS: every size is design pixels × `--s` (the wall's scale, set on the
 * canvas), so text is laid out by the browser at its final size — crisp on any wall.
 */
import styled, { css } from 'styled-components'

/** `n` design pixels at the wall's scale. */
export const dp = (n: number) => `calc(var(--s) * ${n}px)`

/** Colours of the wall. */
export const WALL = {
  text: '#d6e4ff',
  muted: '#8fa8d6',
  bright: '#ffffff',
  accent: '#2fb5ff',
  gold: '#ffc53d',
  line: 'rgba(80, 150, 255, 0.45)',
  panel: 'linear-gradient(180deg, rgba(12, 40, 90, 0.72) 0%, rgba(6, 22, 52, 0.72) 100%)',
  warn: '#ff7a45',
} as const

export const Panel = styled.section`
  position: absolute;
  display: flex;
  flex-direction: column;
  box-sizing: border-box;
  background: ${WALL.panel};
  border: 1px solid ${WALL.line};
  box-shadow: inset 0 0 ${dp(24)} rgba(47, 155, 255, 0.18);
  overflow: hidden;
  &::before,
  &::after {
    content: '';
    position: absolute;
    width: ${dp(14)};
    height: ${dp(14)};
    border-color: ${WALL.accent};
    border-style: solid;
  }
  &::before {
    left: -1px;
    top: -1px;
    border-width: 2px 0 0 2px;
  }
  &::after {
    right: -1px;
    bottom: -1px;
    border-width: 0 2px 2px 0;
  }
`

export const PanelTitle = styled.h2`
  margin: 0;
  flex: none;
  height: ${dp(40)};
  display: flex;
  align-items: center;
  gap: ${dp(10)};
  padding: 0 ${dp(16)};
  font-size: ${dp(20)};
  font-weight: 600;
  letter-spacing: ${dp(2)};
  color: ${WALL.bright};
  background: linear-gradient(90deg, rgba(47, 155, 255, 0.35) 0%, rgba(47, 155, 255, 0) 70%);
  border-bottom: 1px solid ${WALL.line};
  &::before {
    content: '';
    width: ${dp(6)};
    height: ${dp(18)};
    background: ${WALL.accent};
    box-shadow: 0 0 ${dp(8)} ${WALL.accent};
  }
`

export const PanelBody = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  padding: ${dp(8)} ${dp(12)};
`

const badge = css`
  position: absolute;
  right: ${dp(10)};
  top: ${dp(8)};
  font-size: ${dp(13)};
  padding: 0 ${dp(8)};
  border-radius: ${dp(4)};
  line-height: ${dp(22)};
`

/** "数据未更新" marker of a widget whose last refresh failed. */
export const StaleMark = styled.span`
  ${badge};
  color: #1a1a1a;
  background: ${WALL.warn};
`

/** Empty, loading and error text in a widget body. */
export const BodyNote = styled.div<{ $error?: boolean }>`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${dp(18)};
  color: ${({ $error }) => ($error ? WALL.warn : WALL.muted)};
  text-align: center;
  padding: ${dp(12)};
`
