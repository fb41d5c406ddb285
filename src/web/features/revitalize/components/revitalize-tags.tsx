/** The state tags of 盘活利用: a 台账 entry's state, a plan's state and a plan's risk level, in fixed colours. */
import { Tag } from 'antd'
import type { LedgerState, PlanRisk, PlanState } from '../../../../domain/revitalize'

const LEDGER_COLORS: Record<LedgerState, string> = {
  疑似: 'orange',
  已认定: 'volcano',
  已纳入方案: 'gold',
  实施中: 'processing',
  已完成: 'success',
  复核剔除: 'default',
}

const PLAN_COLORS: Record<PlanState, string> = {
  草稿: 'default',
  待审核: 'gold',
  实施中: 'processing',
  已逾期: 'error',
  已完成: 'success',
  已验收: 'green',
  终止: 'default',
}

const RISK_COLORS: Record<PlanRisk['level'], string> = { 高: 'error', 中: 'warning', 低: 'gold', 无: 'success' }

/** A 台账 entry's state; 已完成 reads 已完成（销号）. */
export function LedgerStateTag({ state }: { state: LedgerState }) {
  return (
    <Tag color={LEDGER_COLORS[state]} data-state={state}>
      {state === '已完成' ? '已完成（销号）' : state}
    </Tag>
  )
}

/** A plan's state. */
export function PlanStateTag({ state }: { state: PlanState }) {
  return (
    <Tag color={PLAN_COLORS[state]} data-state={state}>
      {state}
    </Tag>
  )
}

/** A plan's risk level. */
export function RiskTag({ level }: { level: PlanRisk['level'] }) {
  return (
    <Tag color={RISK_COLORS[level]} data-level={level}>
      {level === '无' ? '正常' : `${level}风险`}
    </Tag>
  )
}
