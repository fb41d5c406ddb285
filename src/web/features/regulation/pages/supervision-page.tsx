/**
 * 整治监管 (/enterprise/regulation/regulatory): the plans under supervision, overdue ones first —
 * 已逾期 leads the state switch and the list — with 报告进展 (progress not below the last report),
 * 办结 (the outcome) and 详情 (the plan, its reports as a timeline, its outcome).
 */
import { Button, Input, Select, Space } from 'antd'
import { useState } from 'react'
import { PLAN_TARGETS, type PlanState, type RegulationPlan } from '../../../../domain/contracts/regulation'
import { ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { usePlans } from '../api/list-plans'
import { CloseModal } from '../components/close-modal'
import { PlanDrawer } from '../components/plan-drawer'
import { PLAN_FILTERS, PlanTable, StateSwitch } from '../components/plan-table'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { ReportModal } from '../components/report-modal'

const STATE_ORDER: readonly PlanState[] = ['已逾期', '实施中', '已办结']

/** 整治监管 */
export function RegulationSupervisionPage() {
  const listState = useListParams(PLAN_FILTERS)
  const { params, setFilters } = listState
  const f = params.filters
  const state = STATE_ORDER.find((s) => s === f.state)
  const target = PLAN_TARGETS.find((t) => t === f.target)
  const plans = usePlans({
    year: f.year ? Number(f.year) : undefined,
    regionCode: f.regionCode,
    keyword: f.keyword,
    state,
    target,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  })
  const [reporting, setReporting] = useState<RegulationPlan | null>(null)
  const [closing, setClosing] = useState<RegulationPlan | null>(null)
  const [viewing, setViewing] = useState<number | null>(null)

  return (
    <ListShell
      title="整治监管"
      intro="跟踪整治方案的落实：逾期方案在前，报告进展、办结并查看整治过程"
      testId="regulation-regulatory"
      toolbar={
        <>
          <Space wrap>
            <YearSelect value={f.year} onChange={(year) => setFilters({ ...f, year })} testId="regulation-year" />
            <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="regulation-region" />
            <StateSwitch counts={plans.data?.counts} value={state} order={STATE_ORDER} onChange={(s) => setFilters({ ...f, state: s })} />
          </Space>
          <Space wrap>
            <Select<string>
              aria-label="整治目标"
              style={{ width: 130 }}
              value={f.target ?? ''}
              onChange={(v) => setFilters({ ...f, target: v })}
              options={[{ value: '', label: '全部目标' }, ...PLAN_TARGETS.map((t) => ({ value: t, label: t }))]}
            />
            <Input.Search
              key={f.keyword ?? ''}
              placeholder="企业名称、信用代码或责任单位"
              allowClear
              defaultValue={f.keyword}
              onSearch={(keyword) => setFilters({ ...f, keyword })}
              style={{ width: 260 }}
              data-testid="plan-search"
            />
          </Space>
        </>
      }
    >
      <PlanTable
        list={plans}
        listState={listState}
        emptyText={
          state || f.keyword || target
            ? '没有符合条件的整治方案，请调整状态、目标或关键字'
            : '尚无整治方案：先在“整治方案”中为C类、D类企业制定方案'
        }
        actionsWidth={200}
        actions={(p) => (
          <Space size={0}>
            {p.state !== '已办结' && (
              <Button type="link" size="small" onClick={() => setReporting(p)} data-testid={`plan-report-${p.id}`}>
                报告进展
              </Button>
            )}
            {p.state !== '已办结' && (
              <Button type="link" size="small" onClick={() => setClosing(p)} data-testid={`plan-close-${p.id}`}>
                办结
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setViewing(p.id)} data-testid={`plan-view-${p.id}`}>
              详情
            </Button>
          </Space>
        )}
      />
      <ReportModal plan={reporting} onClose={() => setReporting(null)} />
      <CloseModal plan={closing} onClose={() => setClosing(null)} />
      <PlanDrawer planId={viewing} onClose={() => setViewing(null)} />
    </ListShell>
  )
}
