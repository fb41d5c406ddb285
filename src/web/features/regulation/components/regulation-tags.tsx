/** The tags of 整治提升: 评价类别 C/D, 核查结果, 方案状态 (已逾期 with its days) and 整治目标/结果. */
import { Tag } from 'antd'
import type { CheckResult, PlanOutcome, PlanState } from '../../../../domain/contracts/regulation'

/** C 调整转型 / D 整治淘汰 (docs/domain.md 亩均效益评价). */
const CLASS_NAMES: Record<string, string> = { A: '优先支持', B: '提升发展', C: '调整转型', D: '整治淘汰' }

/** 评价类别: D red, C orange; the class's meaning on hover. */
export function ClassTag({ value }: { value: string }) {
  return (
    <Tag color={value === 'D' ? 'red' : value === 'C' ? 'orange' : 'default'} title={CLASS_NAMES[value]} data-testid="class-tag">
      {value}类
    </Tag>
  )
}

/** 核查结果: 属实 (the appraisal holds) red, 不属实 green. */
export function CheckTag({ value }: { value: CheckResult }) {
  return (
    <Tag color={value === '属实' ? 'volcano' : 'green'} data-testid="check-tag">
      {value}
    </Tag>
  )
}

/** 方案状态; an overdue plan says by how many days. */
export function PlanStateTag({ state, overdueDays = 0 }: { state: PlanState; overdueDays?: number }) {
  const color = state === '已逾期' ? 'red' : state === '已办结' ? 'green' : 'processing'
  return (
    <Tag color={color} data-testid="plan-state">
      {state === '已逾期' && overdueDays > 0 ? `已逾期 ${overdueDays} 天` : state}
    </Tag>
  )
}

/** 整治结果: 未达成 grey, the targets reached blue. */
export function OutcomeTag({ value }: { value: PlanOutcome }) {
  return <Tag color={value === '未达成' ? 'default' : 'blue'}>{value}</Tag>
}
