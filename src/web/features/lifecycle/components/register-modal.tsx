/**
 * 登记 of one stage for one project: the date (not after today, not before the previous stage's
 * date), a remark, at 竣工验收 the measured figures and at 项目评价 the year of the enterprise's
 * reported figures (shown with their source and date, never typed), judged against the 标准地
 * commitments, checked with the server's own schema; the server's answer is shown as it
 * words it (已登记项目开工，约定竣工期限为 …) and its field errors land under their fields.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Col, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Row, Select, Table } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { registerStageBody, type ProjectRow } from '../../../../domain/contracts/lifecycle-project'
import { zodRule } from '../../../../domain/contracts/admin'
import {
  ACTUAL_NAMES,
  LIFECYCLE_STAGES,
  REQUIRED_ACTUALS,
  STAGE_NAMES,
  lateDays,
  type Actuals,
  type LifecycleStage,
} from '../../../../domain/lifecycle'
import { ApiError } from '../../../core/api'
import { LIFECYCLE_KEY } from '../api/list-stage-projects'
import { registerStage } from '../api/register-stage'
import { enterMovesOn } from '../../../ui/form-keys'
import { productToday } from '../../../core/product-today'
import { useYearFigures } from '../api/year-figures'
import type { YearFigure } from '../../../../domain/contracts/lifecycle-project'

interface Values {
  date?: Dayjs
  remark?: string
  actuals?: Actuals
  landCode?: string
  year?: number
}

/** The stage before `stage` (项目签约 has none). */
export const previousStage = (stage: LifecycleStage): LifecycleStage | null => LIFECYCLE_STAGES[LIFECYCLE_STAGES.indexOf(stage) - 1] ?? null

/** The modal; `project` null = closed. */
export function RegisterModal({ stage, project, onClose }: { stage: LifecycleStage; project: ProjectRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const prev = previousStage(stage)
  const prevDate = prev && project ? project.dates[prev] : null
  const name = STAGE_NAMES[stage]
  const judged = stage === 'jgys' || stage === 'xmpj'
  // 土地供应 of land drawn at signing: the new parcel's 宗地代码 goes to the data centre with the draft
  const newParcel = stage === 'tdgy' && project !== null && project.parcelId === null
  const date = Form.useWatch('date', form)
  const chosenYear = Form.useWatch('year', form)
  // 项目评价 (达产复核): the enterprise's figures of the chosen year (left out: the year before today)
  const figures = useYearFigures(stage === 'xmpj' && project ? project.id : null, chosenYear)
  const late =
    project && date
      ? lateDays(stage, date.format('YYYY-MM-DD'), { startDeadline: project.startDeadline, completionDeadline: project.completionDeadline })
      : null

  useEffect(() => {
    if (project) {
      form.resetFields()
      setProblem(null)
    }
  }, [project, form])

  const submit = async (v: Values) => {
    if (!project) return
    const body = registerStageBody.safeParse({
      id: project.id,
      stage,
      date: v.date?.format('YYYY-MM-DD'),
      remark: v.remark ?? '',
      ...(stage === 'jgys' ? { actuals: v.actuals } : {}),
      ...(stage === 'xmpj' ? { year: v.year ?? figures.data?.year } : {}),
      ...(newParcel ? { landCode: v.landCode } : {}),
    })
    if (!body.success) {
      setProblem(body.error.issues[0]?.message ?? '输入有误')
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const done = await registerStage(body.data)
      message.success(done.message)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const onFields = e.details.flatMap((d): { name: string | string[]; errors: string[] }[] =>
        d.field === 'date' || d.field === 'remark' || d.field === 'landCode' || d.field === 'year'
          ? [{ name: d.field, errors: [d.message] }]
          : d.field.startsWith('actuals.')
            ? [{ name: ['actuals', d.field.slice(8)], errors: [d.message] }]
            : [],
      )
      form.setFields(onFields as Parameters<typeof form.setFields>[0])
      // 409 (already registered), 404, or a detail about the stage itself: said above the form
      if (onFields.length === 0) setProblem(e.message)
    } finally {
      setBusy(false)
      // another user may have registered meanwhile: the lists are stale after any answer
      void queryClient.invalidateQueries({ queryKey: LIFECYCLE_KEY })
    }
  }

  // the server judges "not after today" in the product's time zone, whatever the browser's
  const today = productToday().endOf('day')
  const earliest = prevDate ? dayjs(prevDate).startOf('day') : null
  return (
    <Modal
      title={`登记${name}`}
      open={project !== null}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText="登记"
      okButtonProps={{ 'data-testid': 'register-submit' }}
      cancelText="取消"
      destroyOnHidden
      width={judged ? 640 : 520}
      data-testid="register-modal"
    >
      {project && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="项目">{project.name}</Descriptions.Item>
            <Descriptions.Item label="宗地代码">
              {project.landCode ?? `规划用地（绘制图形，${project.areaMu} 亩，待供地入库）`}
            </Descriptions.Item>
            {prev && <Descriptions.Item label={`${STAGE_NAMES[prev]}日期`}>{prevDate ?? '未登记'}</Descriptions.Item>}
          </Descriptions>
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="register-problem" />}
          <Form<Values> form={form} layout="vertical" onKeyDown={enterMovesOn()} onFinish={(v) => void submit(v)} disabled={busy}>
            <Form.Item
              name="date"
              label={`${name}日期`}
              rules={[{ required: true, message: `请选择${name}日期` }]}
              extra={earliest ? `可选 ${earliest.format('YYYY-MM-DD')} 至今天` : '不晚于今天'}
            >
              <DatePicker
                autoFocus
                style={{ width: 220 }}
                data-testid="register-date"
                disabledDate={(d) => d.isAfter(today) || (earliest !== null && d.isBefore(earliest))}
              />
            </Form.Item>
            {newParcel && (
              <Form.Item
                name="landCode"
                label="新地块宗地代码"
                normalize={(v: string) => v?.toUpperCase()}
                rules={[{ required: true, message: '请填写宗地代码' }, zodRule(registerStageBody.shape.landCode)]}
                extra="规划用地连同宗地代码、供地日期和用地单位提交数据中心审核，通过后成为该项目的地块"
              >
                <Input maxLength={19} style={{ width: 260 }} data-testid="register-landCode" placeholder="19位，如 330110001002GB00017" />
              </Form.Item>
            )}
            {late !== null && (
              <Alert
                type="warning"
                showIcon
                title={`晚于约定期限 ${late} 天登记，将记录逾期天数`}
                style={{ marginBottom: 12 }}
                data-testid="register-late"
              />
            )}
            {judged && (
              <Row gutter={12} data-testid="register-actuals">
                {REQUIRED_ACTUALS[stage].map((k) => {
                  const a = ACTUAL_NAMES[k]
                  return (
                    <Col span={8} key={k}>
                      <Form.Item
                        name={['actuals', k]}
                        label={`${a.name}${a.unit ? `（${a.unit}）` : ''}`}
                        rules={[{ required: true, message: `请填写${a.name}` }]}
                      >
                        <InputNumber min={0} max={a.max} style={{ width: '100%' }} data-testid={`actual-${k}`} />
                      </Form.Item>
                    </Col>
                  )
                })}
              </Row>
            )}
            {stage === 'xmpj' && (
              <div data-testid="register-year-figures">
                <Form.Item
                  name="year"
                  label="评价年度（企业报送数据）"
                  extra="亩均税收、单位能耗增加值、单位排放增加值取自企业该年度报送数据，按指标目录口径计算，不手工填写"
                >
                  <Select
                    style={{ width: 220 }}
                    placeholder={figures.data ? `${figures.data.year} 年` : '选择年度'}
                    options={(figures.data?.years ?? []).map((y) => ({ value: y, label: `${y} 年` }))}
                    data-testid="register-year"
                  />
                </Form.Item>
                {figures.data && !figures.data.reported && (
                  <Alert
                    type="warning"
                    showIcon
                    title={`用地单位没有 ${figures.data.year} 年度的报送数据，无法据以评价；${
                      figures.data.years.length ? `请选择已报送的年度（${figures.data.years.join('、')}）` : '该企业尚未报送任何年度数据'
                    }`}
                    style={{ marginBottom: 12 }}
                    data-testid="register-year-missing"
                  />
                )}
                {figures.data?.reported && (
                  <Table<YearFigure>
                    size="small"
                    rowKey="key"
                    pagination={false}
                    style={{ marginBottom: 12 }}
                    dataSource={figures.data.figures}
                    columns={[
                      { title: '指标', dataIndex: 'name', render: (n: string, f) => `${n}（${f.unit}）` },
                      { title: '承诺', dataIndex: 'committed', align: 'right', render: (v: number | null) => v ?? '—' },
                      {
                        title: `${figures.data.year} 年实际`,
                        dataIndex: 'value',
                        align: 'right',
                        render: (v: number | null) => v ?? '未报送',
                      },
                      {
                        title: '来源',
                        key: 'source',
                        render: (_v, f) => (f.source ? `${f.source}${f.reportedDate ? `，${f.reportedDate} 报送` : ''}` : '—'),
                      },
                    ]}
                  />
                )}
              </div>
            )}
            {judged && (
              <Alert
                type="info"
                showIcon
                title="登记后逐项与标准地承诺比对，得出达标 / 未达标结论；建筑面积、容积率等地块信息变更提交数据中心审核后生效"
                style={{ marginBottom: 12 }}
              />
            )}
            <Form.Item name="remark" label="备注" rules={[zodRule(registerStageBody.shape.remark)]}>
              <Input.TextArea
                rows={3}
                maxLength={200}
                showCount
                placeholder="如开工许可证号、验收文号等（选填）"
                data-testid="register-remark"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  )
}
