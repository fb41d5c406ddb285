/**
 * 制定方案 for a C or D enterprise without one, and 编辑 of a plan not yet closed: 整治目标 (提升,
 * 兼并重组, 腾退, 关停淘汰), 整治措施, 责任单位 and 完成期限 (after today). An enterprise has one
 * plan a year: a second is refused by the server with its reason shown above the form.
 */
import { DatePicker, Form, Input, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { zodRule } from '../../../../domain/contracts/admin'
import {
  PLAN_TARGETS,
  planAddBody,
  planUpdateBody,
  type PlanTarget,
  type RegulationPlan,
  type RegulationTarget,
} from '../../../../domain/contracts/regulation'
import { addPlan } from '../api/add-plan'
import { updatePlan } from '../api/update-plan'
import { Facts } from './enterprise-facts'
import { formatAmount, formatText } from './regulation-format'
import { RegulationFormModal } from './regulation-form-modal'
import { ClassTag } from './regulation-tags'
import { productToday } from '../../../core/product-today'

interface Values {
  target?: PlanTarget
  measures?: string
  owner?: string
  deadline?: Dayjs
}

const FIELDS = ['target', 'measures', 'owner', 'deadline'] as const
const day = (d: Dayjs | undefined) => d?.format('YYYY-MM-DD') ?? ''
const afterToday = (d: Dayjs) => !d.isAfter(productToday().endOf('day'))

/** The plan's fields, the same for a new plan and an edit. */
function PlanFields() {
  return (
    <>
      <Form.Item name="target" label="整治目标" rules={[{ required: true, message: '请选择整治目标' }]}>
        <Select
          placeholder="请选择整治目标"
          options={PLAN_TARGETS.map((t) => ({ value: t, label: t }))}
          style={{ width: 220 }}
          aria-label="整治目标"
        />
      </Form.Item>
      <Form.Item
        name="measures"
        label="整治措施"
        rules={[{ required: true, whitespace: true, message: '请填写整治措施' }, zodRule(planAddBody.shape.measures)]}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount placeholder="如：技改扩产、盘活闲置厂房、引入合作方等" />
      </Form.Item>
      <Form.Item
        name="owner"
        label="责任单位"
        rules={[{ required: true, whitespace: true, message: '请填写责任单位' }, zodRule(planAddBody.shape.owner)]}
      >
        <Input maxLength={100} placeholder="如：某某镇人民政府、县经信局" />
      </Form.Item>
      <Form.Item name="deadline" label="完成期限" rules={[{ required: true, message: '请选择完成期限' }]} extra="应晚于今天">
        <DatePicker style={{ width: 220 }} disabledDate={afterToday} aria-label="完成期限" />
      </Form.Item>
    </>
  )
}

/** 制定方案; `target` null = closed. */
export function AddPlanModal({
  target,
  year,
  onClose,
}: {
  target: RegulationTarget | null
  year: number | undefined
  onClose: () => void
}) {
  return (
    <RegulationFormModal<Values, typeof planAddBody>
      title={`制定整治方案：${target?.name ?? ''}`}
      open={target !== null}
      okText="保存方案"
      testId="plan-form"
      fields={FIELDS}
      schema={planAddBody}
      toBody={(v) => ({
        enterpriseId: target?.enterpriseId ?? 0,
        year: year ?? 0,
        target: v.target as PlanTarget,
        measures: v.measures ?? '',
        owner: v.owner ?? '',
        deadline: day(v.deadline),
      })}
      send={addPlan}
      onClose={onClose}
      facts={
        target && (
          <Facts
            items={[
              { label: '年度', value: year ? `${year}年` : '—' },
              { label: '评价类别', value: <ClassTag value={target.class} /> },
              { label: '区县', value: formatText(target.countyName) },
              { label: '亩均税收', value: `${formatAmount(target.taxPerMu)} 万元/亩` },
              { label: '核查结果', value: target.check ? `${target.check.result}（${target.check.date}）` : '未核查' },
            ]}
          />
        )
      }
    >
      {() => <PlanFields />}
    </RegulationFormModal>
  )
}

/** 编辑方案; `plan` null = closed. */
export function EditPlanModal({ plan, onClose }: { plan: RegulationPlan | null; onClose: () => void }) {
  return (
    <RegulationFormModal<Values, typeof planUpdateBody>
      title={`编辑整治方案：${plan?.enterpriseName ?? ''}`}
      open={plan !== null}
      okText="保存"
      testId="plan-form"
      fields={FIELDS}
      initialValues={plan ? { target: plan.target, measures: plan.measures, owner: plan.owner, deadline: dayjs(plan.deadline) } : undefined}
      schema={planUpdateBody}
      // the deadline only when changed: an overdue plan keeps its past deadline while its measures are edited
      toBody={(v) => ({
        id: plan?.id ?? 0,
        target: v.target,
        measures: v.measures ?? '',
        owner: v.owner ?? '',
        deadline: day(v.deadline) === plan?.deadline ? undefined : day(v.deadline),
      })}
      send={updatePlan}
      onClose={onClose}
      facts={
        plan && (
          <Facts
            items={[
              { label: '年度', value: `${plan.year}年` },
              { label: '起始类别', value: <ClassTag value={plan.class} /> },
              { label: '当前进度', value: `${plan.progress}%` },
              { label: '制定人', value: plan.createdBy },
            ]}
          />
        )
      }
    >
      {() => <PlanFields />}
    </RegulationFormModal>
  )
}
