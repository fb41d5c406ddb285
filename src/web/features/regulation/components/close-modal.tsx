/**
 * 办结 of a plan: how it ended (its target reached — 提升, 兼并重组, 腾退, 关停淘汰 — or 未达成),
 * the day (not after today) and a note. A closed plan can no longer be changed.
 */
import { DatePicker, Form, Input, Radio } from 'antd'
import type { Dayjs } from 'dayjs'
import { zodRule } from '../../../../domain/contracts/admin'
import { PLAN_OUTCOMES, planCloseBody, type PlanOutcome, type RegulationPlan } from '../../../../domain/contracts/regulation'
import { closePlan } from '../api/close-plan'
import { Facts } from './enterprise-facts'
import { RegulationFormModal } from './regulation-form-modal'
import { productToday } from '../../../core/product-today'

interface Values {
  outcome?: PlanOutcome
  date?: Dayjs
  note?: string
}

const FIELDS = ['outcome', 'date', 'note'] as const

/** The modal; `plan` null = closed. */
export function CloseModal({ plan, onClose }: { plan: RegulationPlan | null; onClose: () => void }) {
  const endOfToday = productToday().endOf('day')
  return (
    <RegulationFormModal<Values, typeof planCloseBody>
      title={`办结整治方案：${plan?.enterpriseName ?? ''}`}
      open={plan !== null}
      okText="办结"
      testId="close-form"
      fields={FIELDS}
      initialValues={{ date: productToday() }}
      schema={planCloseBody}
      toBody={(v) => ({
        id: plan?.id ?? 0,
        outcome: v.outcome as PlanOutcome,
        date: v.date?.format('YYYY-MM-DD') ?? '',
        note: v.note ?? '',
      })}
      send={closePlan}
      onClose={onClose}
      facts={
        plan && (
          <Facts
            items={[
              { label: '整治目标', value: plan.target },
              { label: '当前进度', value: `${plan.progress}%` },
              { label: '责任单位', value: plan.owner },
              { label: '完成期限', value: plan.deadline },
            ]}
          />
        )
      }
    >
      {() => (
        <>
          <Form.Item name="outcome" label="整治结果" rules={[{ required: true, message: '请选择整治结果' }]} extra="办结后方案不能再修改">
            <Radio.Group options={PLAN_OUTCOMES.map((o) => ({ value: o, label: o }))} />
          </Form.Item>
          <Form.Item name="date" label="办结日期" rules={[{ required: true, message: '请选择办结日期' }]} extra="不晚于今天">
            <DatePicker style={{ width: 220 }} disabledDate={(d) => d.isAfter(endOfToday)} aria-label="办结日期" />
          </Form.Item>
          <Form.Item name="note" label="办结说明" rules={[zodRule(planCloseBody.shape.note)]}>
            <Input.TextArea
              rows={3}
              maxLength={1000}
              showCount
              placeholder="整治成效（选填），如：亩均税收提升至 12 万元/亩，评价升为B类"
            />
          </Form.Item>
        </>
      )}
    </RegulationFormModal>
  )
}
