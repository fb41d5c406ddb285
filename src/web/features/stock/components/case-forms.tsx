/**
 * The forms of a 闲置土地 case, each checked with the server's own schema and showing the server's
 * field errors under their fields: 立案, the next procedure document, 处置方案, a 土地闲置费 payment
 * and 办结. Every answer refreshes the 盘活处置 reads.
 */
import { useQueryClient } from '@tanstack/react-query'
import { App, DatePicker, Form, Input, InputNumber, Select } from 'antd'
import dayjs from 'dayjs'
import type { z } from 'zod'
import { completeBody, disposeBody, documentBody, feeBody, identifyBody, type IdleCase } from '../../../../domain/contracts/stock'
import { ENTERPRISE_METHODS, GOVERNMENT_METHODS, IDLE_CAUSES, IDLE_DOCUMENTS, type IdleDocumentKind } from '../../../../domain/idle-land'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { completeCase } from '../api/complete-case'
import { disposeCase } from '../api/dispose-case'
import { identifyCase } from '../api/identify-case'
import { issueDocument } from '../api/issue-document'
import { STOCK_KEY } from '../api/query-keys'
import { recordFee } from '../api/record-fee'
import { productToday } from '../../../core/product-today'

/** Which form is open. */
export type CaseForm =
  | { kind: 'identify'; parcelId: number; started: boolean }
  | { kind: 'document'; idleCase: IdleCase; doc: IdleDocumentKind }
  | { kind: 'dispose'; idleCase: IdleCase }
  | { kind: 'fee'; idleCase: IdleCase }
  | { kind: 'complete'; idleCase: IdleCase }

const todayText = () => productToday().format('YYYY-MM-DD')
const noFuture = (d: dayjs.Dayjs) => d.isAfter(productToday().endOf('day'))
/** A date field keeps YYYY-MM-DD text, as the schema reads it; the picker shows it as a date. */
const DATE_TEXT = {
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
  getValueProps: (v: string | undefined) => ({ value: v ? dayjs(v) : undefined }),
}

/** The next document a case may get, or null when all are issued. */
export const nextDocument = (c: IdleCase): IdleDocumentKind | null =>
  IDLE_DOCUMENTS.find((k) => !c.documents.some((d) => d.kind === k)) ?? null

function useSend() {
  const client = useQueryClient()
  const { message } = App.useApp()
  return async <T,>(p: Promise<{ data: T; message: string }>) => {
    try {
      const r = await p
      message.success(r.message)
      return r.data
    } finally {
      void client.invalidateQueries({ queryKey: STOCK_KEY })
    }
  }
}

/** The open form (none when `form` is null). */
export function CaseForms({ form, onClose }: { form: CaseForm | null; onClose: () => void }) {
  const send = useSend()
  const today = productToday()
  const dateItem = (name: string, label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请选择${label}` }]} extra="不晚于今天" {...DATE_TEXT}>
      <DatePicker style={{ width: 220 }} disabledDate={noFuture} aria-label={label} />
    </Form.Item>
  )
  const noteItem = (name: string, label: string, schema: z.ZodObject) => (
    <Form.Item name={name} label={label} rules={[fieldRule(schema, name)]}>
      <Input.TextArea rows={2} maxLength={500} showCount />
    </Form.Item>
  )
  return (
    <>
      <FormModal
        title="闲置土地立案"
        open={form?.kind === 'identify'}
        schema={identifyBody}
        testId="identify-form"
        okText="立案"
        initialValues={form?.kind === 'identify' ? { parcelId: form.parcelId, cause: '企业原因', note: '', date: todayText() } : undefined}
        onClose={onClose}
        onSubmit={(v) => send(identifyCase(v))}
      >
        {() => (
          <>
            <Form.Item name="cause" label="闲置原因" rules={[{ required: true }]}>
              <Select options={IDLE_CAUSES.map((c) => ({ value: c, label: c }))} style={{ width: 220 }} />
            </Form.Item>
            {form?.kind === 'identify' && form.started && (
              <>
                <Form.Item name="developedAreaM2" label="已开发面积（平方米）">
                  <InputNumber min={0} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name="invested" label="已投资额（万元）">
                  <InputNumber min={0} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name="totalInvestment" label="总投资额（万元）" extra="空着时取全生命周期项目的计划投资">
                  <InputNumber min={0} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name="stoppedSince" label="停工日期" rules={[{ required: true, message: '请选择停工日期' }]} {...DATE_TEXT}>
                  <DatePicker style={{ width: 220 }} disabledDate={noFuture} />
                </Form.Item>
              </>
            )}
            {dateItem('date', '立案日期')}
            {noteItem('note', '说明', identifyBody)}
          </>
        )}
      </FormModal>

      <FormModal
        title={form?.kind === 'document' ? `下达${form.doc}` : '下达文书'}
        open={form?.kind === 'document'}
        schema={documentBody}
        testId="document-form"
        okText="下达"
        initialValues={form?.kind === 'document' ? { caseId: form.idleCase.id, kind: form.doc, note: '', date: todayText() } : undefined}
        onClose={onClose}
        onSubmit={(v) => send(issueDocument(v))}
      >
        {() => (
          <>
            <Form.Item
              name="docNo"
              label="文号"
              rules={[{ required: true, whitespace: true, message: '请填写文号' }, fieldRule(documentBody, 'docNo')]}
            >
              <Input placeholder="如：上城自然资闲认〔2026〕3号" maxLength={60} />
            </Form.Item>
            {dateItem('date', '发文日期')}
            {noteItem('note', '说明', documentBody)}
          </>
        )}
      </FormModal>

      <FormModal
        title="拟订处置方案"
        open={form?.kind === 'dispose'}
        schema={disposeBody}
        testId="dispose-form"
        okText="保存方案"
        initialValues={
          form?.kind === 'dispose'
            ? { caseId: form.idleCase.id, detail: '', date: todayText(), method: form.idleCase.method ?? undefined }
            : undefined
        }
        onClose={onClose}
        onSubmit={(v) => send(disposeCase(v))}
      >
        {(f) => (
          <>
            <Form.Item
              name="method"
              label="处置方式"
              rules={[{ required: true, message: '请选择处置方式' }]}
              extra={
                form?.kind === 'dispose' &&
                (form.idleCase.cause === '企业原因'
                  ? '企业原因：闲置满一年征缴土地闲置费（出让或划拨价款的 20%），满两年无偿收回'
                  : '政府原因：协商选择，延长动工期限不超过一年')
              }
            >
              <Select
                style={{ width: 240 }}
                options={(form?.kind === 'dispose' && form.idleCase.cause === '政府原因' ? GOVERNMENT_METHODS : ENTERPRISE_METHODS).map(
                  (m) => ({
                    value: m,
                    label: m,
                  }),
                )}
              />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() =>
                f.getFieldValue('method') === '延长动工期限' && (
                  <Form.Item
                    name="newStartDate"
                    label="新约定动工日期"
                    rules={[{ required: true, message: '请选择新约定动工日期' }]}
                    extra="延长不超过一年"
                    {...DATE_TEXT}
                  >
                    <DatePicker style={{ width: 220 }} disabledDate={(d) => d.isAfter(today.add(1, 'year'))} />
                  </Form.Item>
                )
              }
            </Form.Item>
            {dateItem('date', '方案日期')}
            {noteItem('detail', '方案内容', disposeBody)}
          </>
        )}
      </FormModal>

      <FormModal
        title="登记土地闲置费"
        open={form?.kind === 'fee'}
        schema={feeBody}
        testId="fee-form"
        okText="登记"
        initialValues={
          form?.kind === 'fee'
            ? {
                caseId: form.idleCase.id,
                note: '',
                date: todayText(),
                amount: Math.max(0, Math.round(((form.idleCase.feeDue ?? 0) - form.idleCase.feePaid) * 100) / 100),
              }
            : undefined
        }
        onClose={onClose}
        onSubmit={(v) => send(recordFee(v))}
      >
        {() => (
          <>
            <Form.Item
              name="amount"
              label="缴纳金额（万元）"
              rules={[{ required: true, message: '请填写缴纳金额' }]}
              extra="不超过未缴金额"
            >
              <InputNumber min={0.01} step={0.01} style={{ width: 220 }} />
            </Form.Item>
            {dateItem('date', '缴纳日期')}
            <Form.Item
              name="receiptNo"
              label="票据号"
              rules={[{ required: true, whitespace: true, message: '请填写票据号' }, fieldRule(feeBody, 'receiptNo')]}
            >
              <Input maxLength={60} />
            </Form.Item>
            {noteItem('note', '说明', feeBody)}
          </>
        )}
      </FormModal>

      <FormModal
        title="办结处置"
        open={form?.kind === 'complete'}
        schema={completeBody}
        testId="complete-form"
        okText="办结"
        initialValues={form?.kind === 'complete' ? { caseId: form.idleCase.id, note: '', date: todayText() } : undefined}
        onClose={onClose}
        onSubmit={(v) => send(completeCase(v))}
      >
        {() => (
          <>
            {dateItem('date', '完成日期')}
            {noteItem('note', '完成说明', completeBody)}
          </>
        )}
      </FormModal>
    </>
  )
}
