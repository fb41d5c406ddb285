/**
 * 盘活方案 (/land/revitalize/revitalizePlan): the 台账 side — the latest evaluation run's flagged
 * results to 认定 or 复核剔除, the confirmed entries not yet in a plan with 制定方案, and the 台账 with
 * 销号 — and the plans made (已纳入方案) by state and method with their detail: review, supervision
 * and, for a draft only, deletion after a question. A county from 盘活概况 arrives as `regionCode`.
 */
import { Button, Card, Input, Select, Space, Tabs } from 'antd'
import { useState } from 'react'
import type { LedgerRow, PlanRow } from '../../../../domain/contracts/revitalize'
import { PLAN_METHODS, PLAN_STATES } from '../../../../domain/revitalize'
import { ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { RegionPicker } from '../../../widgets/region-picker'
import { useRouteLink } from '../../../widgets/use-route-link'
import { usePlans } from '../api/list-plans'
import { LedgerList, ReviewList, UnplannedList } from '../components/ledger-lists'
import { PlanDrawer } from '../components/plan-drawer'
import { PlanFormDrawer, type PlanFormTarget } from '../components/plan-form-drawer'
import { PLAN_FILTERS, PlanStateSwitch, PlanTable } from '../components/plan-table'

const TABS = ['review', 'unplanned', 'plans', 'ledger'] as const

/** 盘活方案 */
export function RevitalizePlanPage() {
  const listState = useListParams(PLAN_FILTERS)
  const { params, setFilters } = listState
  const f = params.filters
  const tab = TABS.find((t) => t === f.tab) ?? 'unplanned'
  const state = PLAN_STATES.find((s) => s === f.state)
  const method = PLAN_METHODS.find((m) => m === f.method)
  const plans = usePlans({
    regionCode: f.regionCode,
    keyword: f.keyword,
    state,
    method,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  })
  const [making, setMaking] = useState<PlanFormTarget>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const link = useRouteLink()

  const plansCard = (
    <Card
      size="small"
      extra={
        <Space wrap>
          <Select<string>
            aria-label="盘活方式"
            style={{ width: 150 }}
            value={f.method ?? ''}
            onChange={(v) => setFilters({ ...f, method: v })}
            options={[{ value: '', label: '全部方式' }, ...PLAN_METHODS.map((m) => ({ value: m, label: m }))]}
            data-testid="plan-method-filter"
          />
          <Input.Search
            key={f.keyword ?? ''}
            placeholder="方案名称、宗地代码、企业或责任单位"
            allowClear
            defaultValue={f.keyword}
            onSearch={(keyword) => setFilters({ ...f, keyword })}
            style={{ width: 280 }}
            data-testid="plan-search"
          />
        </Space>
      }
      title={<PlanStateSwitch counts={plans.data?.counts} value={state} onChange={(s) => setFilters({ ...f, state: s })} />}
    >
      <PlanTable
        list={plans}
        listState={listState}
        emptyText={
          state || method || f.keyword
            ? '没有符合条件的盘活方案，请调整状态、方式或关键字'
            : '尚无盘活方案：在“未纳入方案”中为已认定的低效用地点击“制定方案”'
        }
        actions={(p: PlanRow) => (
          <Button type="link" size="small" onClick={() => setViewing(p.id)} data-testid={`plan-view-${p.id}`}>
            {p.state === '草稿' || p.state === '待审核' ? '详情 / 审核' : '详情'}
          </Button>
        )}
      />
    </Card>
  )

  return (
    <ListShell
      title="盘活方案"
      intro="认定低效用地、为已认定的地块制定盘活处置方案，并审核、跟踪方案"
      testId="revitalize-plan"
      toolbar={<RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="revitalize-region" />}
    >
      <Tabs
        activeKey={tab}
        onChange={(t) => setFilters({ ...f, tab: t, state: undefined, method: undefined, keyword: undefined })}
        data-testid="revitalize-plan-tabs"
        items={[
          {
            key: 'review',
            label: '评价结果认定',
            children: <ReviewList regionCode={f.regionCode} evaluationLink={link('/land/evaluation/evaluationModal')} />,
          },
          {
            key: 'unplanned',
            label: '未纳入方案',
            children: <UnplannedList regionCode={f.regionCode} onPlan={(entry: LedgerRow) => setMaking({ entry })} />,
          },
          { key: 'plans', label: `已纳入方案${plans.data ? `（${plans.data.page.total}）` : ''}`, children: plansCard },
          { key: 'ledger', label: '低效用地台账', children: <LedgerList regionCode={f.regionCode} /> },
        ]}
      />
      <PlanFormDrawer
        target={making}
        onClose={() => setMaking(null)}
        onSaved={(id) => {
          setFilters({ ...f, tab: 'plans', state: undefined, method: undefined, keyword: undefined })
          setViewing(id)
        }}
      />
      <PlanDrawer planId={viewing} onClose={() => setViewing(null)} />
    </ListShell>
  )
}
