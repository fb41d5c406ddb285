/** Cells of a parcel's result: its score against the pass score, the items it met, its status. */
import { Progress, Tag } from 'antd'
import type { ModelItem } from '../../../../domain/contracts/land-evaluation'
import { PARCEL_STATUS_COLORS } from '../../../../domain/palettes'
import { NO_FIGURE, formatAmount, itemText, shortConditionText } from './evaluation-format'
import { scoreColor } from './score-colors'

/** The score as a bar out of 100 and the figure, both in the score's colour. */
export function ScoreCell({ score, passScore }: { score: number; passScore: number }) {
  const color = scoreColor(score, passScore)
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}
      title={score >= passScore ? `达到认定分值 ${passScore} 分` : `低于认定分值 ${passScore} 分`}
    >
      <Progress percent={Math.min(100, Math.max(0, score))} size={[64, 6]} showInfo={false} strokeColor={color} />
      <b data-field="score" style={{ color: score >= passScore ? color : undefined, fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(score)}
      </b>
    </span>
  )
}

/** One tag per item of the model the parcel met (the weight on hover). */
export function HitTags({ hits, items }: { hits: number[]; items: readonly ModelItem[] }) {
  const met = hits.map((i) => items[i]).filter((i): i is ModelItem => i !== undefined)
  if (met.length === 0) return <>{NO_FIGURE}</>
  return (
    <span data-hits={met.map((i) => i.indicator).join(',')}>
      {met.map((item) => (
        <Tag key={`${item.indicator}${item.operator}`} color="volcano" title={itemText(item)} style={{ marginBlock: 2 }}>
          {shortConditionText(item)}
        </Tag>
      ))}
    </span>
  )
}

/** 地块状态 in the map's colours. */
export function StatusTag({ status }: { status: string }) {
  return status ? <Tag color={PARCEL_STATUS_COLORS[status]}>{status}</Tag> : <>{NO_FIGURE}</>
}
