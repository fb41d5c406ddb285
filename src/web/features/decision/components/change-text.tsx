/** 同比 as an arrow and the size of the change: green up, red down (every figure here is better higher). */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import styled from 'styled-components'
import { CHART_COLORS } from './chart-style'
import { formatPercent } from './indicator-format'

const Text = styled.span<{ $tone: 'up' | 'down' | 'flat' }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  font-size: 12px;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  color: ${({ $tone, theme }) => ($tone === 'up' ? CHART_COLORS.up : $tone === 'down' ? CHART_COLORS.down : theme.textMuted)};
`

/** A change in %, or '—' without one. */
export function ChangeText({ value, prefix }: { value: number | null; prefix?: string }) {
  if (value === null) {
    return (
      <Text $tone="flat" aria-label="无上年数据">
        {prefix}—
      </Text>
    )
  }
  const tone = value > 0 ? 'up' : value < 0 ? 'down' : 'flat'
  const words = tone === 'up' ? '上升' : tone === 'down' ? '下降' : '持平'
  return (
    <Text $tone={tone} aria-label={`同比${words} ${formatPercent(Math.abs(value))}`} data-change={value}>
      {prefix}
      {tone === 'up' && <ArrowUpOutlined />}
      {tone === 'down' && <ArrowDownOutlined />}
      {formatPercent(Math.abs(value))}
    </Text>
  )
}
