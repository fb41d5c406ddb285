/** Cells of a C/D enterprise row: its name with county and industry, and its latest check. */
import { Space, Typography } from 'antd'
import type { RegulationTarget } from '../../../../domain/contracts/regulation'
import { formatText } from './regulation-format'
import { CheckTag } from './regulation-tags'

/** 企业: name, then county · industry. */
export function EnterpriseCell({ target }: { target: RegulationTarget }) {
  return (
    <Space orientation="vertical" size={0}>
      <span data-testid="target-name">{target.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatText(target.countyName)} · {formatText(target.industryName)}
      </Typography.Text>
    </Space>
  )
}

/** 最新核查: result, date and who; the note on hover. */
export function CheckCell({ check }: { check: RegulationTarget['check'] }) {
  if (!check) return <Typography.Text type="secondary">未核查</Typography.Text>
  return (
    <span title={check.note || undefined} data-testid="target-check">
      <CheckTag value={check.result} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {check.date} · {check.actor}
      </Typography.Text>
    </span>
  )
}
