/**
 * The forms of a 闲置土地 case, each checked with the server's own schema and showing the server's
 * field errors under their fields: 立案, the next procedure document (the 处置决定书 with its 报批),
 * 处置方案 (with the 第八条 government reason), 听证告知 and its outcome, a 土地闲置费 payment in 元 and
 * 办结. Every answer refreshes the 盘活处置 reads.
 */
import { useQueryClient } from '@tanstack/react-query'
import { App, DatePicker, Form, Input, InputNumber, Select } from 'antd'
import dayjs from 'dayjs'
import type { z } from 'zod'
import {
  completeBody,
  disposeBody,
  documentBody,
  feeBody,
  hearingNoticeBody,
  hearingOutcomeBody,
  identifyBody,
  type IdleCase,
} from '../../../../domain/contracts/stock'
import {
  ENTERPRISE_METHODS,
  GOVERNMENT_METHODS,
  GOVERNMENT_REASONS,
  HEARING_OUTCOMES,
  IDLE_CAUSES,
  IDLE_DOCUMENTS,
  fenToYuanText,
  type IdleDocumentKind,
} from '../../../../domain/idle-land'
import { tellHearing } from '../api/tell-hearing'
import { recordHearing } from '../api/record-hearing'
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
  | { kind: 'hearingNotice'; idleCase: IdleCase }
  | { kind: 'hearingOutcome'; idleCase: IdleCase }

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
            {form?.kind === 'document' && form.doc === '处置决定书' && (
              <>
                <Form.Item
                  name="approvalAuthority"
                  label="批准机关"
                  extra="处置决定须报经人民政府批准（《闲置土地处置办法》第十四条），报批后由另一名有审定权限的人员审定"
                  rules={[{ required: true, whitespace: true, message: '请填写批准机关' }, fieldRule(documentBody, 'approvalAuthority')]}
                >
                  <Input placeholder="如：上城区人民政府" maxLength={60} />
                </Form.Item>
                <Form.Item
                  name="approvalNo"
                  label="报批文号"
                  rules={[{ required: true, whitespace: true, message: '请填写报批文号' }, fieldRule(documentBody, 'approvalNo')]}
                >
                  <Input maxLength={60} />
                </Form.Item>
              </>
            )}
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
            ? {
                caseId: form.idleCase.id,
                detail: '',
                date: todayText(),
                method: form.idleCase.method ?? undefined,
                govReason: form.idleCase.govReason ?? undefined,
              }
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
                  ? form.idleCase.idleYears >= 2
                    ? `已闲置 ${form.idleCase.idleYears} 年：依第十四条应无偿收回；只有记录了第八条所列的政府原因时才能改为征缴土地闲置费`
                    : '企业原因：闲置满一年征缴土地闲置费（出让或划拨价款的 20%，由系统计算），满两年无偿收回'
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
            <Form.Item name="govReason" label="政府原因（第八条）" extra="因政府或政府有关部门的行为造成动工开发延迟的，选择其原因">
              <Select allowClear style={{ width: 420 }} options={GOVERNMENT_REASONS.map((r) => ({ value: r, label: r }))} />
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
                // the remainder exactly as stored: paying it settles the fee
                amountYuan: fenToYuanText(Math.max(0, form.idleCase.feeLeftFen ?? 0), false),
              }
            : undefined
        }
        onClose={onClose}
        onSubmit={(v) => send(recordFee(v))}
      >
        {() => (
          <>
            <Form.Item
              name="amountYuan"
              label="缴纳金额（元）"
              rules={[{ required: true, whitespace: true, message: '请填写缴纳金额' }, fieldRule(feeBody, 'amountYuan')]}
              extra={form?.kind === 'fee' ? `未缴 ${fenToYuanText(form.idleCase.feeLeftFen ?? 0)} 元，最多两位小数` : '最多两位小数'}
            >
              <Input style={{ width: 220 }} inputMode="decimal" data-testid="fee-amount" />
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
        title="听证告知"
        open={form?.kind === 'hearingNotice'}
        schema={hearingNoticeBody}
        testId="hearing-notice-form"
        okText="告知"
        initialValues={form?.kind === 'hearingNotice' ? { caseId: form.idleCase.id, note: '', date: todayText() } : undefined}
        onClose={onClose}
        onSubmit={(v) => send(tellHearing(v))}
      >
        {() => (
          <>
            <Form.Item
              label="拟作出的决定"
              extra="书面告知土地使用权人拟作出的处置决定及其申请听证的权利（第十五条）；申请期限按工作日历自动计算"
            >
              {form?.kind === 'hearingNotice' ? form.idleCase.method : ''}
            </Form.Item>
            <Form.Item
              name="noticeNo"
              label="告知书文号"
              rules={[{ required: true, whitespace: true, message: '请填写告知书文号' }, fieldRule(hearingNoticeBody, 'noticeNo')]}
            >
              <Input maxLength={60} />
            </Form.Item>
            {dateItem('date', '告知日期')}
            {noteItem('note', '说明', hearingNoticeBody)}
          </>
        )}
      </FormModal>

      <FormModal
        title="登记听证结果"
        open={form?.kind === 'hearingOutcome'}
        schema={hearingOutcomeBody}
        testId="hearing-outcome-form"
        okText="登记"
        initialValues={
          form?.kind === 'hearingOutcome' ? { caseId: form.idleCase.id, outcome: '放弃听证', record: '', date: todayText() } : undefined
        }
        onClose={onClose}
        onSubmit={(v) => send(recordHearing(v))}
      >
        {(f) => (
          <>
            <Form.Item
              name="outcome"
              label="结果"
              rules={[{ required: true }]}
              extra={
                form?.kind === 'hearingOutcome'
                  ? `申请听证期限至 ${form.idleCase.hearings.at(-1)?.deadline ?? ''}，期满后才能登记逾期未申请`
                  : ''
              }
            >
              <Select style={{ width: 220 }} options={HEARING_OUTCOMES.map((o) => ({ value: o, label: o }))} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() =>
                f.getFieldValue('outcome') === '已听证' && (
                  <>
                    <Form.Item
                      name="requestedDate"
                      label="申请听证日期"
                      rules={[{ required: true, message: '请选择申请听证日期' }]}
                      {...DATE_TEXT}
                    >
                      <DatePicker style={{ width: 220 }} disabledDate={noFuture} />
                    </Form.Item>
                    <Form.Item name="hearingDate" label="听证日期" rules={[{ required: true, message: '请选择听证日期' }]} {...DATE_TEXT}>
                      <DatePicker style={{ width: 220 }} disabledDate={noFuture} />
                    </Form.Item>
                  </>
                )
              }
            </Form.Item>
            {dateItem('date', '登记日期')}
            {noteItem('record', '听证笔录/放弃声明', hearingOutcomeBody)}
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
