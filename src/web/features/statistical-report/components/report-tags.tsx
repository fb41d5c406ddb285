/** Coloured tags of the list reports: a parcel's status, an enterprise's 评价类别, a parcel's 认定原因. */
import { Tag } from 'antd'
import { APPRAISAL_CLASS_COLORS, APPRAISAL_CLASS_NAMES, PARCEL_STATUS_COLORS, type AppraisalClass } from '../../../../domain/palettes'
import { LOW_EFFICIENCY_REASONS, type LowEfficiencyReason } from '../../../../domain/contracts/statistical-report'
import { NO_FIGURE } from './report-format'

/** 地块状态 in the map's colours. */
export function ParcelStatusTag({ status }: { status: string }) {
  return <Tag color={PARCEL_STATUS_COLORS[status]}>{status}</Tag>
}

/** 评价类别 A–D in the map's colours; the class's name on hover. */
export function AppraisalTag({ value }: { value: string | null }) {
  if (!value || !(value in APPRAISAL_CLASS_COLORS)) return <>{NO_FIGURE}</>
  const c = value as AppraisalClass
  return (
    <Tag color={APPRAISAL_CLASS_COLORS[c]} title={APPRAISAL_CLASS_NAMES[c]}>
      {APPRAISAL_CLASS_NAMES[c].split(' ')[0]}
    </Tag>
  )
}

const REASON_COLOR: Record<LowEfficiencyReason, string> = {
  plotRatio: 'orange',
  density: 'gold',
  idle: 'red',
  stopped: 'volcano',
  appraisal: 'magenta',
}

/** 认定原因: one tag per criterion the parcel meets. */
export function ReasonTags({ reasons }: { reasons: LowEfficiencyReason[] }) {
  if (reasons.length === 0) return <>{NO_FIGURE}</>
  return (
    <>
      {reasons.map((r) => (
        <Tag key={r} color={REASON_COLOR[r]} style={{ marginBlock: 2 }}>
          {LOW_EFFICIENCY_REASONS[r] ?? r}
        </Tag>
      ))}
    </>
  )
}
