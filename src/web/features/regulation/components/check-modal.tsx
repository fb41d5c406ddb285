/**
 * 核查 of one C or D enterprise: whether its appraisal holds on the ground (属实 / 不属实), the
 * day of the check (not after today) and what was found. A later check supersedes the last.
 */
import { DatePicker, Form, Input, Radio } from 'antd'
import type { Dayjs } from 'dayjs'
import { zodRule } from '../../../../domain/contracts/admin'
import { CHECK_RESULTS, checkBody, type CheckResult, type RegulationTarget } from '../../../../domain/contracts/regulation'
import { recordCheck } from '../api/record-check'
import { Facts } from './enterprise-facts'
import { formatAmount, formatText } from './regulation-format'
import { RegulationFormModal } from './regulation-form-modal'
import { ClassTag } from './regulation-tags'
import { productToday } from '../../../core/product-today'

interface Values {
  result?: CheckResult
  date?: Dayjs
  note?: string
}

const FIELDS = ['result', 'date', 'note'] as const

/** The modal; `target` null = closed. */
export function CheckModal({ target, year, onClose }: { target: RegulationTarget | null; year: number | undefined; onClose: () => void }) {
  const endOfToday = productToday().endOf('day')
  return (
    <RegulationFormModal<Values, typeof checkBody>
      title={`整治核查：${target?.name ?? ''}`}
      open={target !== null}
      okText="记录核查结果"
      testId="check-form"
      width={640}
      fields={FIELDS}
      initialValues={{ date: productToday() }}
      schema={checkBody}
      toBody={(v) => ({
        enterpriseId: target?.enterpriseId ?? 0,
        year: year ?? 0,
        result: v.result as CheckResult,
        date: v.date?.format('YYYY-MM-DD') ?? '',
        note: v.note ?? '',
      })}
      send={recordCheck}
      onClose={onClose}
      facts={
        target && (
          <Facts
            items={[
              { label: '统一社会信用代码', value: target.creditCode },
              { label: '评价类别', value: <ClassTag value={target.class} /> },
              { label: '区县', value: formatText(target.countyName) },
              { label: '亩均税收', value: `${formatAmount(target.taxPerMu)} 万元/亩` },
            ]}
          />
        )
      }
    >
      {() => (
        <>
          <Form.Item
            name="result"
            label="核查结果"
            rules={[{ required: true, message: '请选择核查结果' }]}
            extra="评价结果与现场情况是否相符"
          >
            <Radio.Group options={CHECK_RESULTS.map((r) => ({ value: r, label: r }))} />
          </Form.Item>
          <Form.Item name="date" label="核查日期" rules={[{ required: true, message: '请选择核查日期' }]} extra="不晚于今天">
            <DatePicker style={{ width: 220 }} disabledDate={(d) => d.isAfter(endOfToday)} aria-label="核查日期" />
          </Form.Item>
          <Form.Item name="note" label="核查说明" rules={[zodRule(checkBody.shape.note)]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="现场核查情况（选填），如：厂房闲置过半、已停产" />
          </Form.Item>
        </>
      )}
    </RegulationFormModal>
  )
}
