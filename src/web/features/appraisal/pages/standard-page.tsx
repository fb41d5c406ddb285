/**
 * 评价标准 (/enterprise/appraise/standard): the model editor of a county (or the province default)
 * for 规上 and 规下 — indicators and weights with their live total (must be 100), cap, benchmark
 * source, land floor of 规下, D trigger, class rule by quota or thresholds — saved as a new version
 * effective from a year, a draft 待审定 until another account approves it (issue 28), with the
 * versions and their state below; and the norms table (county × GB/T 4754 division × indicator) with
 * "fill from the county median" and export.
 */
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Tabs, Typography, type TableColumnsType } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { useEffect } from 'react'
import { weightTotal, type AppraisalModelSpec, type Scale } from '../../../../domain/appraisal-run'
import { indicatorName } from '../../../../domain/appraisal-run'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useAction } from '../../../ui/use-action'
import { ExportButton } from '../../../ui/export-button'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { useYears } from '../../../widgets/use-years'
import {
  APPRAISAL_KEY,
  download,
  fillMedian,
  importNorms,
  saveModel,
  useModels,
  useNorms,
  type ModelInForce,
  type NormRow,
} from '../api/appraisal-api'
import { INDICATOR_OPTIONS } from '../components/appraisal-bits'
import { XlsxImportButton } from '../components/xlsx-import'
import { EventsPanel } from '../components/events-panel'
import { ModelVersions } from '../components/model-versions'
import { enterMovesOn } from '../../../ui/form-keys'

const FILTERS = ['year', 'regionCode', 'indicator'] as const
const isCounty = (code?: string) => !!code && /^33\d{4}$/.test(code) && !code.endsWith('00')

/** 评价标准 */
export function AppraisalStandardPage() {
  const { params, setFilters, onTableChange, pagination } = useListParams(FILTERS)
  const f = params.filters
  const years = useYears()
  const year = f.year ? Number(f.year) : years.data?.latest
  const county = isCounty(f.regionCode) ? f.regionCode : undefined
  const models = useModels({ year, countyCode: county }, year !== undefined)
  const norms = useNorms(
    { year, regionCode: f.regionCode, indicator: f.indicator, page: params.page, pageSize: params.pageSize },
    year !== undefined,
  )
  const act = useAction()
  const { message } = App.useApp()

  const normColumns: TableColumnsType<NormRow> = [
    { title: '区县', dataIndex: 'countyName', width: 120 },
    { title: '行业大类', dataIndex: 'division', width: 100 },
    { title: '指标', dataIndex: 'indicator', render: (k: string) => indicatorName(k) },
    { title: '基准值', dataIndex: 'value', align: 'right', render: (v: number) => v.toFixed(2) },
    { title: '维护人', dataIndex: 'updatedBy', width: 100 },
  ]

  return (
    <ListShell
      title="评价标准"
      intro={`评价模型与行业基准值；${county ? '当前为所选区县的模型' : '未选区县时为全省默认模型'}；保存的模型和基准值为待审定，经评价审定后生效`}
      testId="appraise-standard"
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(y) => setFilters({ ...f, year: String(y) })} testId="standard-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="standard-region" />
        </Space>
      }
    >
      <Tabs
        items={[
          ...(['规上', '规下'] as const).map((scale) => ({
            key: scale,
            label: `${scale}企业模型`,
            children: (
              <>
                <ModelEditor
                  key={`${scale}-${county ?? ''}-${year}`}
                  scale={scale}
                  countyCode={county}
                  year={year}
                  model={models.data?.models.find((m) => m.spec.scale === scale)}
                />
                <ModelVersions scale={scale} versions={(models.data?.versions ?? []).filter((v) => v.scale === scale)} />
              </>
            ),
          })),
          {
            key: 'events',
            label: '加减分事项',
            children: <EventsPanel year={year} regionCode={f.regionCode} />,
          },
          {
            key: 'norms',
            label: '行业基准值',
            children: (
              <>
                <Space wrap style={{ marginBottom: 12 }}>
                  <Select
                    aria-label="指标"
                    style={{ width: 200 }}
                    value={f.indicator ?? ''}
                    onChange={(v) => setFilters({ ...f, indicator: v })}
                    options={[{ value: '', label: '全部指标' }, ...INDICATOR_OPTIONS]}
                  />
                  <Button
                    data-testid="norm-median"
                    onClick={() => {
                      if (!county || !year) return message.warning('请先在"区域"中选择一个区县')
                      void act(async () => message.success((await fillMedian({ countyCode: county, year })).message), {
                        confirm: {
                          title: '按区县中位数填充基准值？',
                          content: '将以该区县各行业大类企业的中位数作为基准值提交评价审定，审定通过后覆盖已有基准值。',
                          danger: false,
                        },
                        refresh: [APPRAISAL_KEY as unknown as string[]],
                      })
                    }}
                  >
                    按区县中位数填充
                  </Button>
                  <ExportButton
                    testId="norm-export"
                    onExport={() =>
                      download(
                        '/api/appraiseNorm/export',
                        { year, regionCode: f.regionCode, indicator: f.indicator },
                        `评价标准_${year}.xlsx`,
                      )
                    }
                  />
                  <XlsxImportButton
                    label="导入基准值"
                    title="导入行业基准值"
                    testId="norm-import"
                    hint="列：区县代码、年度、行业大类（GB/T 4754，如 C34）、指标（评价指标名称）、基准值（大于0）；与导出的格式相同，导入后待评价审定，通过后替换同一区县、年度、行业和指标的基准值。任何一行有误都不会导入。"
                    onTemplate={() =>
                      download(
                        '/api/appraiseNorm/export',
                        { year, regionCode: f.regionCode, indicator: f.indicator },
                        `评价标准_${year}.xlsx`,
                      )
                    }
                    send={async (file) => {
                      const form = new FormData()
                      form.append('file', file)
                      return `已导入 ${(await importNorms(form)).rows} 项基准值，待评价审定后生效`
                    }}
                  />
                </Space>
                <PagedTable<NormRow>
                  data-testid="norm-table"
                  rowKey="id"
                  list={{ data: norms.data, error: norms.error, isFetching: norms.isFetching, refetch: norms.refetch }}
                  emptyText='该年度还没有行业基准值：选择区县后点"按区县中位数填充"，或评价时按区县中位数计算'
                  pagination={pagination}
                  columns={normColumns}
                  onChange={onTableChange}
                />
              </>
            ),
          },
        ]}
      />
    </ListShell>
  )
}

type FormValues = Omit<AppraisalModelSpec, 'rule' | 'scale'> & {
  effectiveYear: number
  note?: string
  mode: 'quota' | 'threshold'
  qa: number
  qb: number
  qd: number
  ta: number
  tb: number
  tc: number
}

function ModelEditor({ scale, countyCode, year, model }: { scale: Scale; countyCode?: string; year?: number; model?: ModelInForce }) {
  const [form] = Form.useForm<FormValues>()
  const act = useAction()
  const { message } = App.useApp()
  const indicators = Form.useWatch('indicators', form) ?? []
  const mode = Form.useWatch('mode', form)
  const total = weightTotal(indicators.filter(Boolean).map((x) => ({ weight: Number(x?.weight ?? 0) })))
  useEffect(() => {
    if (!model) return
    const s = model.spec
    form.setFieldsValue({
      indicators: s.indicators,
      cap: s.cap,
      benchmark: s.benchmark,
      minLandMu: s.minLandMu,
      minTaxPerMu: s.minTaxPerMu,
      bonus: s.bonus,
      vetoes: s.vetoes,
      effectiveYear: year,
      mode: s.rule.mode,
      qa: s.rule.mode === 'quota' ? s.rule.a : 20,
      qb: s.rule.mode === 'quota' ? s.rule.b : 40,
      qd: s.rule.mode === 'quota' ? s.rule.d : 5,
      ta: s.rule.mode === 'threshold' ? s.rule.a : 100,
      tb: s.rule.mode === 'threshold' ? s.rule.b : 80,
      tc: s.rule.mode === 'threshold' ? s.rule.c : 60,
    })
  }, [model, form, year])
  const origin = model?.id
    ? `${model.countyCode ? '区县模型' : '全省默认模型'}：${model.effectiveYear}年起第${model.version}版`
    : '系统默认模型（未保存过）'
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid={`model-form-${scale}`}
      onKeyDown={enterMovesOn()}
      onFinish={async (v) => {
        await act(
          async () =>
            message.success(
              (
                await saveModel({
                  countyCode,
                  scale,
                  effectiveYear: v.effectiveYear,
                  indicators: v.indicators.map((x) => ({ key: x.key, weight: Number(x.weight) })),
                  cap: v.cap,
                  benchmark: v.benchmark,
                  minLandMu: v.minLandMu,
                  minTaxPerMu: v.minTaxPerMu,
                  bonus: v.bonus ?? [],
                  vetoes: v.vetoes ?? [],
                  rule:
                    v.mode === 'quota' ? { mode: 'quota', a: v.qa, b: v.qb, d: v.qd } : { mode: 'threshold', a: v.ta, b: v.tb, c: v.tc },
                  note: v.note ?? '',
                })
              ).message,
            ),
          { refresh: [APPRAISAL_KEY as unknown as string[]] },
        )
      }}
    >
      <Typography.Paragraph type="secondary">{origin}</Typography.Paragraph>
      <Row gutter={16}>
        <Col span={12}>
          <Card
            size="small"
            title="评价指标与权重"
            extra={
              <span data-testid={`weight-total-${scale}`} style={{ color: total === 100 ? '#16a34a' : '#dc2626' }}>
                权重合计：{total}
                {total === 100 ? '' : '（应为100）'}
              </span>
            }
          >
            <Form.List name="indicators">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item name={[field.name, 'key']} rules={[{ required: true, message: '请选择指标' }]}>
                        <Select style={{ width: 220 }} options={INDICATOR_OPTIONS} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'weight']} rules={[{ required: true, message: '请填写权重' }]}>
                        <InputNumber
                          min={0}
                          max={100}
                          addonAfter="分"
                          style={{ width: 130 }}
                          data-testid={`weight-${scale}-${field.name}`}
                        />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除指标" />
                    </Space>
                  ))}
                  <Button type="dashed" onClick={() => add({ weight: 0 })} icon={<PlusOutlined />}>
                    添加指标
                  </Button>
                </>
              )}
            </Form.List>
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="计分与分类">
            <Space wrap>
              <Form.Item name="cap" label="封顶系数">
                <InputNumber min={1} step={0.1} />
              </Form.Item>
              <Form.Item name="benchmark" label="基准来源">
                <Select
                  style={{ width: 200 }}
                  options={[
                    { value: 'median', label: '区县中位数' },
                    { value: 'norm', label: '行业基准值（无则中位数）' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="minLandMu" label="规下企业用地下限（亩）">
                <InputNumber min={0} />
              </Form.Item>
              <Form.Item name="minTaxPerMu" label="D类：亩均税收低于（万元/亩）">
                <InputNumber min={0} />
              </Form.Item>
            </Space>
            <Form.Item name="mode" label="分类规则">
              <Select
                style={{ width: 200 }}
                options={[
                  { value: 'quota', label: '按比例' },
                  { value: 'threshold', label: '按分数线' },
                ]}
              />
            </Form.Item>
            {mode === 'threshold' ? (
              <Space>
                <Form.Item name="ta" label="A类 ≥">
                  <InputNumber />
                </Form.Item>
                <Form.Item name="tb" label="B类 ≥">
                  <InputNumber />
                </Form.Item>
                <Form.Item name="tc" label="C类 ≥">
                  <InputNumber />
                </Form.Item>
              </Space>
            ) : (
              <Space>
                <Form.Item name="qa" label="A类前（%）">
                  <InputNumber min={0} max={100} />
                </Form.Item>
                <Form.Item name="qb" label="B类其后（%）">
                  <InputNumber min={0} max={100} />
                </Form.Item>
                <Form.Item name="qd" label="D类后（%）">
                  <InputNumber min={0} max={100} />
                </Form.Item>
              </Space>
            )}
            <Form.Item name="vetoes" label="一票否决事项">
              <Select mode="tags" placeholder="输入后回车" />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <Card size="small" title="加分 / 减分项" style={{ marginTop: 12 }}>
        <Form.List name="bonus">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
                    <Input placeholder="如 高新技术企业" style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'points']} rules={[{ required: true, message: '请填写分值' }]}>
                    <InputNumber placeholder="分值（减分为负）" style={{ width: 160 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除" />
                </Space>
              ))}
              <Button type="dashed" onClick={() => add()} icon={<PlusOutlined />}>
                添加加减分项
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Space style={{ marginTop: 12 }} align="end">
        <Form.Item name="effectiveYear" label="生效年度" rules={[{ required: true, message: '请填写生效年度' }]}>
          <InputNumber min={1980} max={2100} />
        </Form.Item>
        <Form.Item name="note" label="版本说明">
          <Input style={{ width: 300 }} maxLength={200} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid={`model-save-${scale}`}>
            提交审定
          </Button>
        </Form.Item>
      </Space>
    </Form>
  )
}
