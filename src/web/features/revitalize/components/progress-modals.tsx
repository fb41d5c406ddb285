/**
 * The supervision writes of a running plan: 报告进度 (date and percentage never below the last
 * report — the server refuses, and its message stands under the field), 督办 with its reply
 * deadline, 回复 of a 督办, and 办结 with the actual effects and the facts the plan's method writes
 * to its parcels through the data centre (METHOD_EFFECTS: 已收回, the new 容积率 and 建筑面积, holder,
 * 用途 or 规划条件).
 */
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Tag, Typography, Upload } from 'antd'
import { useState } from 'react'
import type { Dayjs } from 'dayjs'
import { reportSaveBody, superviseBody, type PlanDetail, type PlanRow, type SupervisionRow } from '../../../../domain/contracts/revitalize'
import {
  DEFAULT_STATUS_AFTER,
  METHOD_EFFECTS,
  RECOVERING_PLAN_METHODS,
  STATUS_AFTER_CHOICES,
  type CompletionFact,
  type StatusAfter,
} from '../../../../domain/revitalize'
import { LAND_USE_CODES, PLANNING_USE_CODES, RECLAIMED_LAND_USE_CODES } from '../../../../domain/codes/land-use'
import { uploadReportPhoto, type ReportPhoto } from '../api/report-photos'
import { saveReport } from '../api/save-report'
import { updateSupervision } from '../api/update-supervision'
import { RevitalizeFormModal } from './revitalize-form-modal'
import { productToday } from '../../../core/product-today'

const day = (d: Dayjs | undefined) => d?.format('YYYY-MM-DD') ?? ''

interface ReportValues {
  reportDate?: Dayjs
  progress?: number
  doneItems?: string
  difficulties?: string
  nextSteps?: string
  photos?: ReportPhoto[]
}

/** The most photos a report holds (the server's limit). */
const MAX_PHOTOS = 9

/** 现场照片 of a report: pictures uploaded one by one, listed as removable tags. */
function PhotosField({ value = [], onChange }: { value?: ReportPhoto[]; onChange?: (v: ReportPhoto[]) => void }) {
  const { message } = App.useApp()
  const [uploading, setUploading] = useState(false)
  return (
    <Space wrap data-testid="report-photos">
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={async (file) => {
          setUploading(true)
          try {
            const photo = await uploadReportPhoto(file)
            onChange?.([...value, { id: photo.id, name: photo.name }])
          } catch (e) {
            message.error((e as Error).message)
          } finally {
            setUploading(false)
          }
          return false
        }}
      >
        <Button loading={uploading} disabled={value.length >= MAX_PHOTOS} data-testid="report-photo-upload">
          上传照片
        </Button>
      </Upload>
      {value.map((p) => (
        <Tag key={p.id} closable onClose={() => onChange?.(value.filter((x) => x.id !== p.id))}>
          {p.name}
        </Tag>
      ))}
      <Typography.Text type="secondary">JPG / PNG，最多 {MAX_PHOTOS} 张</Typography.Text>
    </Space>
  )
}

/** 报告进度 of `plan` (null = closed). */
export function ReportModal({ plan, onClose }: { plan: PlanRow | null; onClose: () => void }) {
  return (
    <RevitalizeFormModal<ReportValues, typeof reportSaveBody>
      title={`报告进度：${plan?.name ?? ''}`}
      open={plan !== null}
      okText="报告"
      testId="report-form"
      fields={['reportDate', 'progress', 'doneItems', 'difficulties', 'nextSteps']}
      initialValues={{ reportDate: productToday(), progress: plan?.progress }}
      schema={reportSaveBody}
      toBody={(v) => ({
        planId: plan?.id ?? 0,
        reportDate: day(v.reportDate),
        progress: v.progress as number,
        doneItems: v.doneItems ?? '',
        difficulties: v.difficulties ?? '',
        nextSteps: v.nextSteps ?? '',
        photoIds: (v.photos ?? []).map((p) => p.id),
      })}
      send={saveReport}
      onClose={onClose}
      facts={
        <Typography.Paragraph type="secondary">
          当前进度 {plan?.progress ?? 0}%{plan?.lastReportDate ? `，上次报告 ${plan.lastReportDate}` : '，尚未报告'}
          ；报告日期和进度都不能早于、低于上次报告。
        </Typography.Paragraph>
      }
    >
      {() => (
        <>
          <Form.Item name="reportDate" label="报告日期" rules={[{ required: true, message: '请选择报告日期' }]}>
            <DatePicker aria-label="报告日期" disabledDate={(d) => d.isAfter(productToday(), 'day')} />
          </Form.Item>
          <Form.Item name="progress" label="完成进度（%）" rules={[{ required: true, message: '请填写完成进度' }]}>
            <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} aria-label="完成进度（%）" />
          </Form.Item>
          <Form.Item name="doneItems" label="完成事项" rules={[{ required: true, whitespace: true, message: '请填写完成事项' }]}>
            <Input.TextArea rows={3} maxLength={1000} showCount aria-label="完成事项" />
          </Form.Item>
          <Form.Item name="difficulties" label="存在困难">
            <Input.TextArea rows={2} maxLength={1000} aria-label="存在困难" />
          </Form.Item>
          <Form.Item name="nextSteps" label="下步计划">
            <Input.TextArea rows={2} maxLength={1000} aria-label="下步计划" />
          </Form.Item>
          <Form.Item name="photos" label="现场照片">
            <PhotosField />
          </Form.Item>
        </>
      )}
    </RevitalizeFormModal>
  )
}

interface SuperviseValues {
  content?: string
  replyDeadline?: Dayjs
}

/** 督办 of `plan` (null = closed). */
export function SuperviseModal({ plan, onClose }: { plan: PlanRow | null; onClose: () => void }) {
  return (
    <RevitalizeFormModal<SuperviseValues, typeof superviseBody>
      title={`督办：${plan?.name ?? ''}`}
      open={plan !== null}
      okText="督办"
      testId="supervise-form"
      fields={['content', 'replyDeadline']}
      initialValues={{ replyDeadline: productToday().add(7, 'day') }}
      schema={superviseBody}
      toBody={(v) => ({ action: '督办', planId: plan?.id ?? 0, content: v.content ?? '', replyDeadline: day(v.replyDeadline) })}
      send={updateSupervision}
      onClose={onClose}
    >
      {() => (
        <>
          <Form.Item name="content" label="督办内容" rules={[{ required: true, whitespace: true, message: '请填写督办内容' }]}>
            <Input.TextArea rows={3} maxLength={1000} showCount aria-label="督办内容" />
          </Form.Item>
          <Form.Item name="replyDeadline" label="回复期限" rules={[{ required: true, message: '请选择回复期限' }]}>
            <DatePicker aria-label="回复期限" disabledDate={(d) => d.isBefore(productToday(), 'day')} />
          </Form.Item>
        </>
      )}
    </RevitalizeFormModal>
  )
}

/** 回复 of a 督办 (null = closed). */
export function ReplyModal({ supervision, onClose }: { supervision: SupervisionRow | null; onClose: () => void }) {
  return (
    <RevitalizeFormModal<{ reply?: string }, typeof superviseBody>
      title="回复督办"
      open={supervision !== null}
      okText="回复"
      testId="reply-form"
      fields={['reply']}
      schema={superviseBody}
      toBody={(v) => ({ action: '回复', supervisionId: supervision?.id ?? 0, reply: v.reply ?? '' })}
      send={updateSupervision}
      onClose={onClose}
      facts={
        <Typography.Paragraph type="secondary">
          {supervision?.content}（回复期限 {supervision?.replyDeadline}）
        </Typography.Paragraph>
      }
    >
      {() => (
        <Form.Item name="reply" label="回复内容" rules={[{ required: true, whitespace: true, message: '请填写回复内容' }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount aria-label="回复内容" />
        </Form.Item>
      )}
    </RevitalizeFormModal>
  )
}

interface CompleteValues {
  completedDate?: Dayjs
  freedAreaMu?: number | null
  newBuildingM2?: number | null
  newInvestment?: number | null
  plotRatioAfter?: number | null
  buildingAreaAfter?: number | null
  holderCreditCode?: string
  landUseAfter?: string
  planningUseAfter?: string
  statusAfter?: StatusAfter
  resultNote?: string
}

const n = (v: number | null | undefined) => (v === undefined ? null : v)
const code = (v: string | undefined) => (v ? v.trim() : null)
const choices = (codes: Readonly<Record<string, string>>) =>
  Object.entries(codes).map(([value, name]) => ({ value, label: `${value} ${name}` }))

/** 办结 of `plan` with its actual effects and the facts its method writes to the parcels (null = closed). */
export function CompleteModal({ plan, onClose }: { plan: PlanDetail | PlanRow | null; onClose: () => void }) {
  const recovering = plan ? RECOVERING_PLAN_METHODS.includes(plan.method) : false
  const rule = plan ? METHOD_EFFECTS[plan.method] : null
  const takes = (k: CompletionFact) => (rule ? rule.required.includes(k) || rule.optional.includes(k) : false)
  const required = (k: CompletionFact) => (rule ? rule.required.includes(k) : false)
  const need = (k: CompletionFact, message: string) => (required(k) ? [{ required: true, message }] : [])
  return (
    <RevitalizeFormModal<CompleteValues, typeof superviseBody>
      title={`办结：${plan?.name ?? ''}`}
      open={plan !== null}
      okText="办结"
      testId="complete-form"
      fields={[
        'completedDate',
        'freedAreaMu',
        'newBuildingM2',
        'newInvestment',
        'plotRatioAfter',
        'buildingAreaAfter',
        'holderCreditCode',
        'landUseAfter',
        'planningUseAfter',
        'statusAfter',
        'resultNote',
      ]}
      initialValues={{
        completedDate: productToday(),
        freedAreaMu: recovering ? plan?.plannedAreaMu : undefined,
        statusAfter: takes('statusAfter') ? DEFAULT_STATUS_AFTER : undefined,
      }}
      schema={superviseBody}
      toBody={(v) => ({
        action: '办结',
        planId: plan?.id ?? 0,
        completedDate: day(v.completedDate),
        freedAreaMu: n(v.freedAreaMu),
        newBuildingM2: n(v.newBuildingM2),
        newInvestment: n(v.newInvestment),
        plotRatioAfter: n(v.plotRatioAfter),
        buildingAreaAfter: n(v.buildingAreaAfter),
        holderCreditCode: code(v.holderCreditCode),
        landUseAfter: code(v.landUseAfter),
        planningUseAfter: code(v.planningUseAfter),
        statusAfter: v.statusAfter ?? null,
        resultNote: v.resultNote ?? '',
      })}
      send={updateSupervision}
      onClose={onClose}
      facts={
        <Typography.Paragraph type="secondary">
          {plan && rule && `${plan.method}办结后：${rule.effect}，地块信息变更提交数据中心审核；台账销号，成效按办结时登记的数据统计。`}
        </Typography.Paragraph>
      }
    >
      {() => (
        <>
          <Form.Item name="completedDate" label="办结日期" rules={[{ required: true, message: '请选择办结日期' }]}>
            <DatePicker aria-label="办结日期" disabledDate={(d) => d.isAfter(productToday(), 'day')} />
          </Form.Item>
          <Form.Item name="freedAreaMu" label="腾出面积（亩）" rules={recovering ? [{ required: true, message: '请填写腾出面积' }] : []}>
            <InputNumber min={0} style={{ width: 200 }} aria-label="腾出面积（亩）" />
          </Form.Item>
          <Form.Item name="newBuildingM2" label="新增建筑面积（平方米）">
            <InputNumber min={0} style={{ width: 200 }} aria-label="新增建筑面积（平方米）" />
          </Form.Item>
          <Form.Item name="newInvestment" label="新增投资（万元）">
            <InputNumber min={0} style={{ width: 200 }} aria-label="新增投资（万元）" />
          </Form.Item>
          {takes('holderCreditCode') && (
            <Form.Item
              name="holderCreditCode"
              label={plan?.method === '合作开发' ? '合作开发后的用地单位（统一社会信用代码）' : '新用地单位（统一社会信用代码）'}
              rules={need('holderCreditCode', '请填写新用地单位的统一社会信用代码')}
              extra="须为本辖区已录入数据中心的企业"
            >
              <Input maxLength={18} style={{ width: 260 }} aria-label="新用地单位统一社会信用代码" />
            </Form.Item>
          )}
          {takes('planningUseAfter') && (
            <Form.Item name="planningUseAfter" label="盘活后规划用途" rules={need('planningUseAfter', '请选择盘活后规划用途')}>
              <Select style={{ width: 260 }} aria-label="盘活后规划用途" options={choices(PLANNING_USE_CODES)} />
            </Form.Item>
          )}
          {takes('landUseAfter') && (
            <Form.Item
              name="landUseAfter"
              label={recovering ? '复垦后地类' : '盘活后现状地类'}
              rules={need('landUseAfter', recovering ? '请选择复垦后地类' : '请选择盘活后现状地类')}
              extra={recovering ? undefined : '不填时按规划用途对应的地类'}
            >
              <Select
                allowClear={!required('landUseAfter')}
                style={{ width: 260 }}
                aria-label={recovering ? '复垦后地类' : '盘活后现状地类'}
                options={choices(recovering ? RECLAIMED_LAND_USE_CODES : LAND_USE_CODES)}
              />
            </Form.Item>
          )}
          {takes('plotRatioAfter') && (
            <Form.Item name="plotRatioAfter" label="盘活后容积率" rules={need('plotRatioAfter', '请填写盘活后容积率')}>
              <InputNumber min={0} max={20} style={{ width: 200 }} aria-label="盘活后容积率" />
            </Form.Item>
          )}
          {takes('buildingAreaAfter') && (
            <Form.Item name="buildingAreaAfter" label="盘活后建筑面积（平方米）" rules={need('buildingAreaAfter', '请填写盘活后建筑面积')}>
              <InputNumber min={0} style={{ width: 200 }} aria-label="盘活后建筑面积（平方米）" />
            </Form.Item>
          )}
          {takes('statusAfter') && (
            <Form.Item name="statusAfter" label="盘活后地块状态">
              <Select
                style={{ width: 200 }}
                aria-label="盘活后地块状态"
                options={STATUS_AFTER_CHOICES.map((v) => ({ value: v, label: v }))}
              />
            </Form.Item>
          )}
          <Form.Item name="resultNote" label="办结说明">
            <Input.TextArea rows={2} maxLength={1000} aria-label="办结说明" />
          </Form.Item>
        </>
      )}
    </RevitalizeFormModal>
  )
}
