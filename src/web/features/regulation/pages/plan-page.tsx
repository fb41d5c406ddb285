/**
 * 整治方案 (/enterprise/regulation/plan): above, the year's C and D enterprises still without a plan,
 * each with 制定方案 (整治目标, 整治措施, 责任单位, 完成期限); below, the plans — by state, searched,
 * sorted — with 编辑 until a plan is closed and 删除 after a confirmation naming the enterprise.
 */
import { App, Button, Card, Input, Popconfirm, Select, Space } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { PLAN_TARGETS, type PlanState, type RegulationPlan, type RegulationTarget } from '../../../../domain/contracts/regulation'
import { toApiError } from '../../../core/http-catalogue'
import { ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { deletePlan } from '../api/delete-plan'
import { usePlans } from '../api/list-plans'
import { REGULATION_KEY } from '../api/query-keys'
import { AddPlanModal, EditPlanModal } from '../components/plan-modal'
import { PlanDrawer } from '../components/plan-drawer'
import { PLAN_FILTERS, PlanTable, StateSwitch } from '../components/plan-table'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { UnplannedTargets } from '../components/unplanned-targets'

const STATE_ORDER: readonly PlanState[] = ['实施中', '已逾期', '已办结']

/** 整治方案 */
export function RegulationPlanPage() {
  const listState = useListParams(PLAN_FILTERS)
  const { params, setFilters } = listState
  const f = params.filters
  const filter = { year: f.year ? Number(f.year) : undefined, regionCode: f.regionCode }
  const state = STATE_ORDER.find((s) => s === f.state)
  const target = PLAN_TARGETS.find((t) => t === f.target)
  const plans = usePlans({
    ...filter,
    keyword: f.keyword,
    state,
    target,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  })
  const [adding, setAdding] = useState<{ target: RegulationTarget; year: number } | null>(null)
  const [editing, setEditing] = useState<RegulationPlan | null>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const { message } = App.useApp()
  const queryClient = useQueryClient()

  const remove = async (p: RegulationPlan) => {
    try {
      const said = await deletePlan(p.id)
      message.success(said.message)
    } catch (err) {
      message.error(toApiError(err).message)
    } finally {
      void queryClient.invalidateQueries({ queryKey: REGULATION_KEY })
    }
  }

  return (
    <ListShell
      title="整治方案"
      intro="为C类、D类企业制定整治方案：目标、措施、责任单位与完成期限，每家企业每年一个方案"
      testId="regulation-plan"
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(year) => setFilters({ ...f, year })} testId="regulation-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="regulation-region" />
        </Space>
      }
    >
      <Card size="small" title="待制定方案的企业" style={{ marginBottom: 16 }}>
        {/* a new year or district starts its list on page 1 */}
        <UnplannedTargets
          key={`${filter.year ?? ''}-${filter.regionCode ?? ''}`}
          filter={filter}
          onPlan={(t, year) => setAdding({ target: t, year })}
        />
      </Card>
      <Card
        size="small"
        title="整治方案"
        extra={
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
        }
      >
        <div style={{ marginBottom: 12 }}>
          <StateSwitch counts={plans.data?.counts} value={state} order={STATE_ORDER} onChange={(s) => setFilters({ ...f, state: s })} />
        </div>
        <PlanTable
          list={plans}
          listState={listState}
          emptyText={
            state || f.keyword || target
              ? '没有符合条件的整治方案，请调整状态、目标或关键字'
              : '尚无整治方案：在上方为C类、D类企业点击“制定方案”'
          }
          actionsWidth={170}
          actions={(p) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setViewing(p.id)} data-testid={`plan-view-${p.id}`}>
                详情
              </Button>
              {p.state !== '已办结' && (
                <Button type="link" size="small" onClick={() => setEditing(p)} data-testid={`plan-edit-${p.id}`}>
                  编辑
                </Button>
              )}
              {p.state !== '已办结' && (
                <Popconfirm
                  title={`删除 ${p.enterpriseName} 的整治方案？`}
                  description="删除后可重新为该企业制定方案"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove(p)}
                >
                  <Button type="link" size="small" danger data-testid={`plan-delete-${p.id}`}>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Card>
      <AddPlanModal target={adding?.target ?? null} year={adding?.year} onClose={() => setAdding(null)} />
      <EditPlanModal plan={editing} onClose={() => setEditing(null)} />
      <PlanDrawer planId={viewing} onClose={() => setViewing(null)} />
    </ListShell>
  )
}
