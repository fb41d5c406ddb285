/**
 * 报告进展 of a plan (监管): the progress reached (not below the last report), the day of the report
 * (not after today) and what was done.
 */
import { DatePicker, Form, Input } from 'antd'
import type { Dayjs } from 'dayjs'
import { zodRule } from '../../../../domain/contracts/admin'
import { planReportBody, type RegulationPlan } from '../../../../domain/contracts/regulation'
import { reportProgress } from '../api/report-progress'
import { Facts } from './enterprise-facts'
import { ProgressInput } from './progress-input'
import { RegulationFormModal } from './regulation-form-modal'
import { PlanStateTag } from './regulation-tags'
import { productToday } from '../../../core/product-today'

interface Values {
  progress?: number
  date?: Dayjs
  note?: string
}

const FIELDS = ['progress', 'date', 'note'] as const

/** The words of the server's own rule (plan/report), so both sides say the same. */
export const belowLastReport = (last: number) => `进度不能低于上次报告的 ${last}%`

/** The modal; `plan` null = closed. */
export function ReportModal({ plan, onClose }: { plan: RegulationPlan | null; onClose: () => void }) {
  const endOfToday = productToday().endOf('day')
  const last = plan?.progress ?? 0
  return (
    <RegulationFormModal<Values, typeof planReportBody>
      title={`报告整治进展：${plan?.enterpriseName ?? ''}`}
      open={plan !== null}
      okText="报告进展"
      testId="report-form"
      fields={FIELDS}
      initialValues={{ progress: last, date: productToday() }}
      schema={planReportBody}
      toBody={(v) => ({ id: plan?.id ?? 0, progress: v.progress as number, date: v.date?.format('YYYY-MM-DD') ?? '', note: v.note ?? '' })}
      send={reportProgress}
      onClose={onClose}
      facts={
        plan && (
          <Facts
            items={[
              { label: '整治目标', value: plan.target },
              { label: '责任单位', value: plan.owner },
              { label: '完成期限', value: plan.deadline },
              { label: '状态', value: <PlanStateTag state={plan.state} overdueDays={plan.overdueDays} /> },
            ]}
          />
        )
      }
    >
      {() => (
        <>
          <Form.Item
            name="progress"
            label="进度"
            extra={`0–100%，不低于上次报告的 ${last}%`}
            rules={[
              { required: true, message: '请填写进度' },
              {
                validator: async (_r, v: number | undefined) =>
                  v !== undefined && v !== null && v < last ? Promise.reject(new Error(belowLastReport(last))) : undefined,
              },
            ]}
          >
            <ProgressInput last={last} />
          </Form.Item>
          <Form.Item name="date" label="报告日期" rules={[{ required: true, message: '请选择报告日期' }]} extra="不晚于今天">
            <DatePicker style={{ width: 220 }} disabledDate={(d) => d.isAfter(endOfToday)} aria-label="报告日期" />
          </Form.Item>
          <Form.Item
            name="note"
            label="进展情况"
            rules={[{ required: true, whitespace: true, message: '请填写进展情况' }, zodRule(planReportBody.shape.note)]}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount placeholder="本期完成的整治工作，如：新生产线安装完成、闲置厂房已出租" />
          </Form.Item>
        </>
      )}
    </RegulationFormModal>
  )
}
