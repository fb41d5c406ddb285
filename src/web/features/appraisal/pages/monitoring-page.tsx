/**
 * 评价监测 (/enterprise/appraise/monitoring): per county the enterprises that reported the year,
 * completeness by source and the batch state; the class migration matrix (last year → this year)
 * with its alerts; and the missing-data list, where an input is corrected with its reason (kept in
 * the history).
 */
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { INPUT_ITEMS, INPUT_ITEM_KEYS, SOURCES, type AppraisalBatch } from '../../../../domain/contracts/appraisal'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useAction } from '../../../ui/use-action'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { useYears } from '../../../widgets/use-years'
import {
  APPRAISAL_KEY,
  correctInput,
  download,
  importInputs,
  useBatches,
  useCompare,
  useCompleteness,
  useInputDetail,
  useInputList,
  type CompletenessRow,
  type InputRow,
} from '../api/appraisal-api'
import { AppraisalHistoryNotice, BatchStateTag } from '../components/appraisal-bits'
import { XlsxImportButton } from '../components/xlsx-import'
import { AppraisalAlerts, AppraisalDrill } from '../components/monitoring-alerts'
import { PendingMark, RestatedMark } from '../../../widgets/restated-mark'

const FILTERS = ['year', 'regionCode', 'missing', 'keyword'] as const

/** 评价监测 */
export function AppraisalMonitoringPage() {
  const { params, setFilters, onTableChange, pagination } = useListParams(FILTERS)
  const f = params.filters
  const years = useYears()
  const year = f.year ? Number(f.year) : years.data?.latest
  const ready = year !== undefined
  const completeness = useCompleteness({ year, regionCode: f.regionCode }, ready)
  const batches = useBatches({ year, regionCode: f.regionCode }, ready)
  const compare = useCompare({ year, regionCode: f.regionCode }, ready)
  const inputs = useInputList(
    { year, regionCode: f.regionCode, missing: f.missing, keyword: f.keyword, page: params.page, pageSize: params.pageSize },
    ready,
  )
  const [editing, setEditing] = useState<InputRow | null>(null)
  const [source, setSource] = useState<(typeof SOURCES)[number]>('税务')

  const stateOf = (code: string): AppraisalBatch | undefined => (batches.data ?? []).find((b) => b.countyCode === code)
  const completenessColumns: TableColumnsType<CompletenessRow> = [
    { title: '区县', dataIndex: 'name', width: 120 },
    { title: '报送企业', dataIndex: 'reported', width: 90, align: 'right' },
    ...SOURCES.map((s) => ({
      title: s,
      key: s,
      width: 90,
      align: 'right' as const,
      render: (_: unknown, r: CompletenessRow) => {
        const x = r.sources.find((y) => y.source === s)!
        return x.missing ? <span style={{ color: '#dc2626' }}>缺 {x.missing}</span> : <span style={{ color: '#16a34a' }}>齐全</span>
      },
    })),
    {
      title: '评价批次',
      key: 'batch',
      width: 140,
      render: (_, r) => {
        const b = stateOf(r.code)
        return b ? (
          <Space size={4}>
            第{b.version}版 <BatchStateTag state={b.state} />
          </Space>
        ) : (
          <span style={{ color: '#9ca3af' }}>未试算</span>
        )
      },
    },
  ]

  const m = compare.data
  const inputColumns: TableColumnsType<InputRow> = [
    { title: '企业', dataIndex: 'name', width: 220 },
    { title: '区县', dataIndex: 'countyName', width: 100 },
    { title: '规模', dataIndex: 'scale', width: 60 },
    { title: '实缴税金（万元）', dataIndex: 'tax', align: 'right', render: (v: number | null) => v?.toFixed(2) ?? '—' },
    { title: '营业收入（万元）', dataIndex: 'revenue', align: 'right', render: (v: number | null) => v?.toFixed(2) ?? '—' },
    {
      title: '缺失来源',
      dataIndex: 'missing',
      render: (v: string[]) =>
        v.length ? (
          v.map((s) => (
            <Tag key={s} color="red">
              {s}
            </Tag>
          ))
        ) : (
          <Tag color="green">齐全</Tag>
        ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`input-edit-${r.enterpriseId}`}>
          更正
        </Button>
      ),
    },
  ]

  return (
    <ListShell
      title="评价监测"
      intro="各区县年度指标报送完整度、评价批次状态、类别迁移与预警；缺失或有误的指标在此更正"
      testId="appraise-monitoring"
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(y) => setFilters({ ...f, year: String(y) })} testId="monitoring-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="monitoring-region" />
        </Space>
      }
    >
      <AppraisalHistoryNotice />
      <AppraisalAlerts year={year} regionCode={f.regionCode} />
      <Space align="start" style={{ width: '100%', marginBottom: 16 }} wrap>
        <Card size="small" title="数据完整度（按来源）" style={{ minWidth: 760 }}>
          <Table<CompletenessRow>
            size="small"
            rowKey="code"
            data-testid="completeness-table"
            loading={completeness.isFetching}
            dataSource={completeness.data?.rows ?? []}
            columns={completenessColumns}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            locale={{ emptyText: '该年度没有企业报送年度指标' }}
          />
        </Card>
        <Card size="small" title={`类别迁移（${(year ?? 0) - 1}年 → ${year}年，已发布结果）`}>
          <Table
            size="small"
            rowKey="from"
            data-testid="migration-matrix"
            pagination={false}
            dataSource={m?.matrix ?? []}
            columns={[
              { title: '上年 \\ 本年', dataIndex: 'from', render: (v: string) => (v.length === 1 ? `${v}类` : v) },
              ...(['A', 'B', 'C', 'D'] as const).map((c) => ({
                title: `${c}类`,
                key: c,
                align: 'right' as const,
                render: (_: unknown, r: { to: Record<string, number> }) => r.to[c],
              })),
            ]}
          />
        </Card>
      </Space>
      <AppraisalDrill key={`${year}-${f.regionCode ?? ''}`} year={year} regionCode={f.regionCode} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="缺失来源"
          style={{ width: 160 }}
          value={f.missing ?? ''}
          onChange={(v) => setFilters({ ...f, missing: v })}
          options={[{ value: '', label: '全部企业' }, ...SOURCES.map((s) => ({ value: s, label: `缺${s}数据` }))]}
          data-testid="monitoring-missing"
        />
        <Input.Search
          key={f.keyword ?? ''}
          placeholder="企业名称或统一社会信用代码"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => setFilters({ ...f, keyword })}
          style={{ width: 260 }}
        />
        <XlsxImportButton
          label="按来源导入"
          title={`导入${year}年年度指标（按来源）`}
          testId="input-import"
          hint="先下载所选来源的模板（已列出本账号范围内的企业及现有数值），填写后上传；按统一社会信用代码匹配企业，空白单元格不改动原值，改动的数值记入更正记录。任何一行有误都不会导入。"
          extra={
            <Select
              aria-label="数据来源"
              style={{ width: 200 }}
              value={source}
              onChange={setSource}
              options={SOURCES.map((s) => ({ value: s, label: `${s}部门数据` }))}
              data-testid="input-import-source"
            />
          }
          onTemplate={() =>
            download('/api/companyAppraise/template', { source, year, regionCode: f.regionCode }, `${source}年度指标导入模板_${year}.xlsx`)
          }
          send={async (file) => {
            const form = new FormData()
            form.append('source', source)
            form.append('year', String(year))
            form.append('file', file)
            const r = await importInputs(form)
            return `已导入${source}数据 ${r.rows} 行：更新 ${r.changed} 项，未变 ${r.unchanged} 项`
          }}
        />
      </Space>
      <PagedTable<InputRow>
        data-testid="input-table"
        rowKey="enterpriseId"
        list={{ data: inputs.data, error: inputs.error, isFetching: inputs.isFetching, refetch: inputs.refetch }}
        emptyText={f.missing || f.keyword ? '没有符合条件的企业，请调整筛选条件' : '该年度没有企业报送年度指标'}
        pagination={pagination}
        columns={inputColumns}
        onChange={onTableChange}
      />
      <CorrectionModal row={editing} year={year} onClose={() => setEditing(null)} />
    </ListShell>
  )
}

/** 更正 one input of an enterprise's year, with its reason; the history below. */
function CorrectionModal({ row, year, onClose }: { row: InputRow | null; year?: number; onClose: () => void }) {
  const [form] = Form.useForm<{ item: string; value: number; reason: string }>()
  const detail = useInputDetail({ enterpriseId: row?.enterpriseId, year }, row !== null)
  const act = useAction()
  const { message } = App.useApp()
  return (
    <Modal
      title={`更正年度指标：${row?.name ?? ''}（${year}年）`}
      open={row !== null}
      onCancel={onClose}
      okText={detail.data?.closed ? '提交更正审定' : '保存更正'}
      cancelText="取消"
      width={760}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields()
        const ok = await act(async () => message.success((await correctInput({ enterpriseId: row!.enterpriseId, year, ...v })).message), {
          refresh: [APPRAISAL_KEY as unknown as string[]],
        })
        if (ok) onClose()
      }}
    >
      {detail.data?.closed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="closed-year"
          message={`${year}年该区县的亩均评价已发布（第${detail.data.closed.version}版），本年度指标已关账`}
          description="更正须填写原因并提交评价审定，由另一名有评价审定权限的人员审定通过后生效；已发布的评价类别不变。"
        />
      )}
      <Table
        size="small"
        rowKey="item"
        pagination={false}
        dataSource={detail.data?.items ?? []}
        data-testid="input-items"
        columns={[
          { title: '指标', dataIndex: 'name' },
          {
            title: '数值',
            dataIndex: 'value',
            align: 'right',
            render: (v: number | null, r) => (
              <>
                {v === null ? <Tag color="red">缺失</Tag> : `${v} ${r.unit}`}
                {r.restated && <RestatedMark r={r.restated} />}
                {r.pending && <PendingMark r={r.pending} />}
              </>
            ),
          },
          { title: '来源', dataIndex: 'source' },
          { title: '报送日期', dataIndex: 'reportedDate', render: (v: string | null) => v ?? '—' },
        ]}
      />
      <Form form={form} layout="inline" style={{ marginTop: 12 }} data-testid="correction-form">
        <Form.Item name="item" rules={[{ required: true, message: '请选择指标' }]}>
          <Select
            placeholder="更正的指标"
            style={{ width: 200 }}
            options={INPUT_ITEM_KEYS.map((k) => ({ value: k, label: `${INPUT_ITEMS[k].name}（${INPUT_ITEMS[k].unit}）` }))}
          />
        </Form.Item>
        <Form.Item name="value" rules={[{ required: true, message: '请填写数值' }]}>
          <InputNumber placeholder="更正后数值" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: '请填写更正原因' }]}>
          <Input placeholder="更正原因（必填）" style={{ width: 220 }} />
        </Form.Item>
      </Form>
      {(detail.data?.history.length ?? 0) > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey={(r) => `${r.item}-${r.at}`}
          pagination={false}
          dataSource={detail.data?.history ?? []}
          columns={[
            { title: '更正记录', dataIndex: 'name' },
            { title: '原值', dataIndex: 'oldValue' },
            { title: '新值', dataIndex: 'newValue' },
            { title: '原因', dataIndex: 'reason' },
            { title: '更正人', dataIndex: 'actor' },
          ]}
        />
      )}
    </Modal>
  )
}
