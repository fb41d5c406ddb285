/**
 * 评价结果 (/enterprise/appraise/result): the counties' batches of a year with their state
 * (试算 → 公示 → 异议 → 发布 → 归档) and the steps each may take next, and the results — each indicator's
 * value and score, 加减分, total, rank, class, last year's class and the reason — filtered, paged and
 * exported. 试算 needs a county; 发布 asks first and waits for every objection to be reviewed.
 */
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Tooltip, Upload, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { AppraisalBatch, AppraisalResultRow } from '../../../../domain/contracts/appraisal'
import { INPUT_ITEMS, INPUT_ITEM_KEYS } from '../../../../domain/contracts/appraisal'
import { MODEL_INDICATOR_KEYS, indicatorName } from '../../../../domain/appraisal-run'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useAction } from '../../../ui/use-action'
import { ExportButton } from '../../../ui/export-button'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { RestatedMark } from '../../../widgets/restated-mark'
import { useYears } from '../../../widgets/use-years'
import {
  APPRAISAL_KEY,
  addObjection,
  download,
  reviewObjection,
  runBatch,
  useAppraisalHistory,
  useBatches,
  useObjections,
  usePolicyList,
  useResults,
  type ObjectionRow,
  type PolicyRow,
  uploadObjectionFile,
} from '../api/appraisal-api'
import { EnterpriseCard } from '../components/enterprise-card'
import { YearCompareModal } from '../components/year-compare'
import { AppraisalClassTag, AppraisalHistoryNotice, BatchStateTag, indicatorValue } from '../components/appraisal-bits'
import { enterMovesOn } from '../../../ui/form-keys'
import { productToday } from '../../../core/product-today'
import { useSession } from '../../../core/session'
import { useWorkCalendars } from '../../../core/calls/query-work-calendar'
import { PublicityModal } from '../components/publicity-modal'
import { PublishButton, useMayApprove } from '../components/publish-button'
import { StepsDrawer, type StepsTarget } from '../components/steps-drawer'

const FILTERS = ['year', 'regionCode', 'class', 'scale', 'keyword', 'batchId'] as const

/** 评价结果 */
export function AppraisalResultPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const years = useYears()
  const year = f.year ? Number(f.year) : years.data?.latest
  const act = useAction()
  const { message } = App.useApp()
  const batches = useBatches({ year, regionCode: f.regionCode }, year !== undefined)
  const history = useAppraisalHistory().data
  // a past year the demo is still publishing after a first start at a province's size
  const coming = history?.pending && year !== undefined && history.years.slice(history.done).includes(year)
  const q = {
    year,
    regionCode: f.regionCode,
    class: f.class,
    scale: f.scale,
    keyword: f.keyword,
    batchId: f.batchId,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  }
  const results = useResults(q, year !== undefined)
  const [publicityOf, setPublicityOf] = useState<AppraisalBatch | null>(null)
  const [objectionsOf, setObjectionsOf] = useState<AppraisalBatch | null>(null)
  const refresh = [APPRAISAL_KEY as unknown as string[]]
  const [policyOpen, setPolicyOpen] = useState(false)
  const [compareOpen, setCompareOpen] = useState(false)
  const [cardOf, setCardOf] = useState<{ batchId: number; enterpriseId: number } | null>(null)
  const [stepsOf, setStepsOf] = useState<StepsTarget | null>(null)
  const mayApprove = useMayApprove()
  // the server's today (the product's calendar): 发布 is enabled from the day after the 公示 window
  const today = useWorkCalendars([productToday().year()])[0]?.data?.today

  const run = async (countyCode: string | undefined, reason?: string) => {
    if (!countyCode || !/^33\d{4}$/.test(countyCode) || countyCode.endsWith('00')) {
      message.warning('请先在"区域"中选择一个区县，再试算')
      return
    }
    await act(async () => message.success((await runBatch({ countyCode, year, reason })).message), { refresh })
  }

  const batchColumns: TableColumnsType<AppraisalBatch> = [
    { title: '区县', dataIndex: 'countyName', width: 120 },
    { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `第${v}版` },
    { title: '状态', dataIndex: 'state', width: 80, render: (s) => <BatchStateTag state={s} /> },
    {
      title: '类别分布',
      key: 'counts',
      width: 230,
      render: (_, b) => (
        <Space size={4}>
          {(['A', 'B', 'C', 'D'] as const).map((c) => (
            <span key={c} style={{ whiteSpace: 'nowrap' }}>
              {c}类 {b.counts[c]}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: '公示期',
      key: 'pub',
      width: 200,
      render: (_, b) => (b.publicityStart ? `${b.publicityStart} 至 ${b.publicityEnd}` : '—'),
    },
    { title: '待审异议', dataIndex: 'openObjections', width: 90, render: (n: number) => (n ? <Tag color="warning">{n} 件</Tag> : 0) },
    { title: '原因', dataIndex: 'reason', width: 160, ellipsis: true },
    {
      title: '操作',
      key: 'ops',
      width: 430,
      fixed: 'right',
      render: (_, b) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" onClick={() => setFilters({ ...f, batchId: String(b.id) })} data-testid={`batch-view-${b.id}`}>
            查看结果
          </Button>
          {(b.state === '试算' || b.state === '异议') && (
            <Button type="link" size="small" onClick={() => run(b.countyCode)} data-testid={`batch-run-${b.id}`}>
              重新试算
            </Button>
          )}
          {b.state === '试算' && (
            <Button type="link" size="small" onClick={() => setPublicityOf(b)} data-testid={`batch-publicity-${b.id}`}>
              公示
            </Button>
          )}
          {(b.state === '公示' || b.state === '异议' || b.state === '发布') && (
            <Button type="link" size="small" onClick={() => setObjectionsOf(b)} data-testid={`batch-objections-${b.id}`}>
              异议
            </Button>
          )}
          {/* 发布 is a 审定 (issue 28): offered to a holder of 评价审定 only, enabled by the same rule as the server's */}
          {mayApprove && <PublishButton batch={b} today={today} />}
          <Button
            type="link"
            size="small"
            data-testid={`batch-steps-${b.id}`}
            onClick={() => setStepsOf({ subject: 'appraisal_batch', id: b.id, title: `${b.countyName}${b.year}年第${b.version}版` })}
          >
            办理记录
          </Button>
          {b.state !== '试算' && (
            <Button
              type="link"
              size="small"
              data-testid={`batch-public-list-${b.id}`}
              onClick={() =>
                download(
                  '/api/appraiseResult/publicityExport',
                  { batchId: b.id },
                  `${b.countyName}${b.year}年亩均效益评价公示名单.xlsx`,
                ).catch((e: Error) => message.error(e.message))
              }
            >
              公示名单
            </Button>
          )}
          {b.state === '发布' && (
            <Button
              type="link"
              size="small"
              data-testid={`batch-revise-${b.id}`}
              onClick={() => {
                let reason = ''
                Modal.confirm({
                  title: `重新评价 ${b.countyName} ${b.year}年（新建第${b.version + 1}版）`,
                  content: <Input.TextArea placeholder="发布后重新评价的原因（必填）" onChange={(e) => (reason = e.target.value)} />,
                  okText: '试算',
                  cancelText: '取消',
                  onOk: () => run(b.countyCode, reason),
                })
              }}
            >
              更正
            </Button>
          )}
        </Space>
      ),
    },
  ]

  const resultColumns: TableColumnsType<AppraisalResultRow> = [
    {
      title: '企业',
      key: 'name',
      fixed: 'left',
      width: 220,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, r) => (
        <div>
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => setCardOf({ batchId: r.batchId, enterpriseId: r.enterpriseId })}
            data-testid={`result-card-${r.enterpriseId}`}
          >
            {r.name}
          </Button>
          <div style={{ color: '#9ca3af', fontSize: 12 }}>{r.creditCode}</div>
        </div>
      ),
    },
    { title: '区县', dataIndex: 'countyName', width: 100 },
    { title: '规模', dataIndex: 'scale', width: 64 },
    ...MODEL_INDICATOR_KEYS.map((k) => ({
      title: indicatorName(k),
      key: k,
      width: 140,
      align: 'right' as const,
      render: (_: unknown, r: AppraisalResultRow) =>
        r.scores[k] ? (
          <div>
            <div>{indicatorValue(k, r.values[k])}</div>
            <div style={{ color: '#6b7280', fontSize: 12 }}>得分 {r.scores[k].score.toFixed(2)}</div>
          </div>
        ) : (
          <span style={{ color: '#9ca3af' }}>不计</span>
        ),
    })),
    {
      title: '加减分',
      key: 'adj',
      width: 120,
      render: (_, r) =>
        r.adjustments.length ? r.adjustments.map((a) => `${a.name} ${a.points > 0 ? '+' : ''}${a.points}`).join('；') : '—',
    },
    {
      title: '综合得分',
      dataIndex: 'total',
      key: 'total',
      width: 96,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('total'),
      render: (v: number) => v.toFixed(2),
    },
    { title: '排名', key: 'rank', width: 80, sorter: true, sortOrder: sortOrderOf('rank'), render: (_, r) => `${r.rank}/${r.groupSize}` },
    {
      title: '类别',
      dataIndex: 'class',
      width: 120,
      // the class stays as published; an approved 更正 of the closed year stands beside it (docs/domain.md "Closed years")
      render: (v: string, r) => (
        <span data-testid={r.restated.length ? 'result-restated' : undefined}>
          <AppraisalClassTag value={v} />
          {r.restated.map((x) => (
            <RestatedMark key={x.id} r={x} />
          ))}
        </span>
      ),
    },
    { title: '上年类别', dataIndex: 'lastClass', width: 84, render: (v: string | null) => <AppraisalClassTag value={v} /> },
    { title: '评价说明', dataIndex: 'reason', width: 300 },
  ]

  const filtered = Boolean(f.class || f.scale || f.keyword)
  return (
    <ListShell
      title="评价结果"
      intro="各区县年度评价批次：试算 → 公示 → 异议 → 发布；发布的结果即企业的亩均效益评价类别"
      testId="appraise-result"
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(y) => setFilters({ ...f, year: String(y), batchId: undefined })} testId="appraise-year" />
          <RegionPicker
            value={f.regionCode}
            onChange={(regionCode) => setFilters({ ...f, regionCode, batchId: undefined })}
            testId="appraise-region"
          />
          <Button type="primary" onClick={() => run(f.regionCode)} data-testid="appraise-run">
            试算
          </Button>
          <Button onClick={() => setPolicyOpen(true)} data-testid="policy-open">
            差别化政策清单
          </Button>
          <Button onClick={() => setCompareOpen(true)} data-testid="compare-open">
            同比分析
          </Button>
        </Space>
      }
    >
      <AppraisalHistoryNotice />
      <Table<AppraisalBatch>
        size="small"
        rowKey="id"
        data-testid="batch-table"
        loading={batches.isFetching}
        dataSource={batches.data ?? []}
        columns={batchColumns}
        scroll={{ x: 1380 }}
        pagination={{ pageSize: 5, showSizeChanger: false, showTotal: (t) => `共 ${t} 个批次` }}
        locale={{
          emptyText: coming ? '该年度的评价批次正在后台生成，完成后自动显示' : '该年度还没有评价批次：在"区域"中选择区县，点"试算"开始',
        }}
        style={{ marginBottom: 16 }}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        {f.batchId && (
          <Tag closable onClose={() => setFilters({ ...f, batchId: undefined })} color="blue">
            批次 {f.batchId}
          </Tag>
        )}
        <Input.Search
          key={f.keyword ?? ''}
          placeholder="企业名称或统一社会信用代码"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => setFilters({ ...f, keyword })}
          style={{ width: 260 }}
          data-testid="result-search"
        />
        <Select
          aria-label="类别"
          style={{ width: 130 }}
          value={f.class ?? ''}
          onChange={(v) => setFilters({ ...f, class: v })}
          options={[{ value: '', label: '全部类别' }, ...['A', 'B', 'C', 'D'].map((c) => ({ value: c, label: `${c}类` }))]}
          data-testid="result-class"
        />
        <Select
          aria-label="规模"
          style={{ width: 120 }}
          value={f.scale ?? ''}
          onChange={(v) => setFilters({ ...f, scale: v })}
          options={[
            { value: '', label: '全部规模' },
            { value: '规上', label: '规上' },
            { value: '规下', label: '规下' },
          ]}
          data-testid="result-scale"
        />
        <ExportButton
          testId="result-export"
          onExport={() =>
            download('/api/appraiseResult/export', { ...q, page: undefined, pageSize: undefined }, `亩均效益评价结果_${year}.xlsx`)
          }
        />
      </Space>
      <PagedTable<AppraisalResultRow>
        data-testid="result-table"
        rowKey={(r) => `${r.batchId}-${r.enterpriseId}`}
        list={{ data: results.data, error: results.error, isFetching: results.isFetching, refetch: results.refetch }}
        emptyText={
          filtered
            ? '没有符合条件的企业，请调整关键字、类别或规模'
            : coming
              ? '该年度的评价结果正在后台生成，完成后自动显示'
              : '该年度还没有评价结果，请先试算'
        }
        pagination={pagination}
        columns={resultColumns}
        onChange={onTableChange}
        scroll={{ x: 2000 }}
      />
      <PublicityModal batch={publicityOf} onClose={() => setPublicityOf(null)} />
      <ObjectionsModal batch={objectionsOf} onClose={() => setObjectionsOf(null)} />
      <PolicyModal open={policyOpen} year={year} regionCode={f.regionCode} onClose={() => setPolicyOpen(false)} />
      <YearCompareModal open={compareOpen} year={year} regionCode={f.regionCode} onClose={() => setCompareOpen(false)} />
      <EnterpriseCard target={cardOf} onClose={() => setCardOf(null)} />
      <StepsDrawer target={stepsOf} onClose={() => setStepsOf(null)} />
    </ListShell>
  )
}

/** 异议: the batch's objections, a new one, and the review of each (采纳 may correct an input and re-run). */
function ObjectionsModal({ batch, onClose }: { batch: AppraisalBatch | null; onClose: () => void }) {
  const objections = useObjections({ batchId: batch?.id }, batch !== null)
  const results = useResults({ batchId: batch?.id, year: batch?.year, page: 1, pageSize: 500 }, batch !== null)
  const [adding] = Form.useForm<{ enterpriseId: number; content: string }>()
  const [reviewing, setReviewing] = useState<ObjectionRow | null>(null)
  const [files, setFiles] = useState<{ id: number; name: string }[]>([])
  const [uploading, setUploading] = useState(false)
  const act = useAction()
  const { message } = App.useApp()
  const refresh = [APPRAISAL_KEY as unknown as string[]]
  const open = batch?.state === '公示' || batch?.state === '异议'
  const me = useSession((st) => st.user?.id ?? 0)
  const [stepsOf, setStepsOf] = useState<StepsTarget | null>(null)
  return (
    <Modal
      title={`异议：${batch?.countyName ?? ''} ${batch?.year ?? ''}年`}
      open={batch !== null}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
    >
      <Table<ObjectionRow>
        size="small"
        rowKey="id"
        data-testid="objection-table"
        dataSource={objections.data ?? []}
        pagination={false}
        locale={{ emptyText: open ? '暂无异议；企业提出异议时在下方登记' : '该批次没有异议' }}
        columns={[
          { title: '企业', dataIndex: 'name' },
          {
            title: '来源',
            key: 'channel',
            width: 90,
            // 企业: filed by the enterprise itself; 代登记: an official typed a paper 异议 for it (issue 28)
            render: (_, o) => (o.channel ? <Tag color={o.channel === '企业' ? 'blue' : 'default'}>{o.channel}</Tag> : '—'),
          },
          { title: '异议内容', dataIndex: 'content' },
          { title: '登记人', dataIndex: 'createdBy', width: 90 },
          {
            title: '附件',
            key: 'files',
            render: (_, o) =>
              o.attachments.length ? (
                <Space direction="vertical" size={0}>
                  {o.attachments.map((a) => (
                    <Button
                      key={a.id}
                      type="link"
                      size="small"
                      style={{ padding: 0 }}
                      data-testid={`objection-file-${a.id}`}
                      onClick={() =>
                        download('/api/appraiseResult/objection/file', { objectionId: o.id, fileId: a.id }, a.name).catch((e: Error) =>
                          message.error(e.message),
                        )
                      }
                    >
                      {a.name}
                    </Button>
                  ))}
                </Space>
              ) : (
                '—'
              ),
          },
          { title: '状态', dataIndex: 'state', width: 70 },
          { title: '审核意见', dataIndex: 'decision' },
          {
            title: '操作',
            key: 'ops',
            width: 140,
            render: (_, o) => (
              <Space size={0}>
                {o.state === '待审' && open && (
                  <ReviewButton objection={o} mine={o.createdUserId === me} onReview={() => setReviewing(o)} />
                )}
                <Button
                  type="link"
                  size="small"
                  data-testid={`objection-steps-${o.id}`}
                  onClick={() => setStepsOf({ subject: 'objection', id: o.id, title: `${o.name}的异议` })}
                >
                  办理记录
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {open && (
        <Form
          form={adding}
          layout="inline"
          style={{ marginTop: 16 }}
          data-testid="objection-form"
          onKeyDown={enterMovesOn()}
          onFinish={async (v) => {
            const ok = await act(
              async () => message.success((await addObjection({ batchId: batch!.id, ...v, attachments: files.map((x) => x.id) })).message),
              { refresh },
            )
            if (ok) {
              adding.resetFields()
              setFiles([])
            }
          }}
        >
          <Form.Item name="enterpriseId" rules={[{ required: true, message: '请选择企业' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="提出异议的企业"
              style={{ width: 240 }}
              options={(results.data?.list ?? []).map((r) => ({ value: r.enterpriseId, label: r.name }))}
              data-testid="objection-enterprise"
            />
          </Form.Item>
          <Form.Item name="content" rules={[{ required: true, whitespace: true, message: '请填写异议内容' }]}>
            <Input placeholder="异议内容" style={{ width: 320 }} data-testid="objection-content" />
          </Form.Item>
          <Upload
            accept=".pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.txt"
            showUploadList={false}
            beforeUpload={async (file) => {
              setUploading(true)
              try {
                const form = new FormData()
                form.append('file', file)
                const f = await uploadObjectionFile(form)
                setFiles((x) => [...x, { id: f.id, name: f.name }])
              } catch (e) {
                message.error((e as Error).message)
              } finally {
                setUploading(false)
              }
              return false
            }}
          >
            <Button loading={uploading} disabled={files.length >= 10} data-testid="objection-upload">
              上传附件
            </Button>
          </Upload>
          <Button htmlType="submit" type="primary" data-testid="objection-add">
            登记异议
          </Button>
          {files.length > 0 && (
            <Space wrap style={{ width: '100%', marginTop: 8 }} data-testid="objection-files">
              {files.map((x) => (
                <Tag key={x.id} closable onClose={() => setFiles((all) => all.filter((y) => y.id !== x.id))}>
                  {x.name}
                </Tag>
              ))}
            </Space>
          )}
        </Form>
      )}
      <ReviewModal objection={reviewing} onClose={() => setReviewing(null)} />
      <StepsDrawer target={stepsOf} onClose={() => setStepsOf(null)} />
    </Modal>
  )
}

/** 审核 of an 异议: disabled for the official who registered it (四眼原则, issue 28). */
function ReviewButton({ objection, mine, onReview }: { objection: ObjectionRow; mine: boolean; onReview: () => void }) {
  const button = (
    <Button type="link" size="small" disabled={mine} onClick={onReview} data-testid={`objection-review-${objection.id}`}>
      审核
    </Button>
  )
  return mine ? (
    <Tooltip title="该异议由本账号代为登记，须由经信科其他人员审核（四眼原则）">
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
    </Tooltip>
  ) : (
    button
  )
}

function ReviewModal({ objection, onClose }: { objection: ObjectionRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ decision: '维持' | '采纳'; note: string; item?: string; value?: number }>()
  const act = useAction()
  const { message } = App.useApp()
  const decision = Form.useWatch('decision', form)
  return (
    <Modal
      title={`审核异议：${objection?.name ?? ''}`}
      open={objection !== null}
      onCancel={onClose}
      okText="提交审核"
      cancelText="取消"
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields()
        const correction =
          v.decision === '采纳' && v.item && v.value !== undefined && v.value !== null ? { item: v.item, value: v.value } : undefined
        const ok = await act(
          async () =>
            message.success((await reviewObjection({ id: objection!.id, decision: v.decision, note: v.note, correction })).message),
          {
            refresh: [APPRAISAL_KEY as unknown as string[]],
          },
        )
        if (ok) onClose()
      }}
    >
      <p style={{ color: '#6b7280' }}>{objection?.content}</p>
      {objection && objection.attachments.length > 0 && (
        <p data-testid="review-files">
          附件：
          {objection.attachments.map((a) => (
            <Button
              key={a.id}
              type="link"
              size="small"
              onClick={() =>
                download('/api/appraiseResult/objection/file', { objectionId: objection.id, fileId: a.id }, a.name).catch(() => undefined)
              }
            >
              {a.name}
            </Button>
          ))}
        </p>
      )}
      <Form form={form} layout="vertical" initialValues={{ decision: '维持' }} data-testid="review-form">
        <Form.Item name="decision" label="审核结论">
          <Select
            options={[
              { value: '维持', label: '维持原评价结果' },
              { value: '采纳', label: '采纳（可更正指标并重新试算）' },
            ]}
            data-testid="review-decision"
          />
        </Form.Item>
        <Form.Item name="note" label="审核意见" rules={[{ required: true, whitespace: true, message: '请填写审核意见' }]}>
          <Input.TextArea rows={2} data-testid="review-note" />
        </Form.Item>
        {decision === '采纳' && (
          <Space>
            <Form.Item name="item" label="更正指标">
              <Select
                allowClear
                style={{ width: 200 }}
                options={INPUT_ITEM_KEYS.map((k) => ({ value: k, label: `${INPUT_ITEMS[k].name}（${INPUT_ITEMS[k].unit}）` }))}
                data-testid="review-item"
              />
            </Form.Item>
            <Form.Item name="value" label="更正后数值">
              <InputNumber style={{ width: 160 }} data-testid="review-value" />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  )
}

/** 差别化政策清单: each enterprise's published class and the terms of its class in its county, for the utilities and the tax office. */
function PolicyModal({ open, year, regionCode, onClose }: { open: boolean; year?: number; regionCode?: string; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const [cls, setCls] = useState<string>('')
  const q = { year, regionCode, class: cls || undefined, page, pageSize: 10 }
  const list = usePolicyList(q, open && year !== undefined)
  return (
    <Modal
      title={`差别化政策清单（${year ?? ''}年，按已发布类别）`}
      open={open}
      onCancel={onClose}
      footer={null}
      width={1100}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Select
          aria-label="类别"
          style={{ width: 130 }}
          value={cls}
          onChange={(v) => {
            setCls(v)
            setPage(1)
          }}
          options={[{ value: '', label: '全部类别' }, ...['A', 'B', 'C', 'D'].map((c) => ({ value: c, label: `${c}类` }))]}
        />
        <ExportButton
          testId="policy-export"
          onExport={() =>
            download('/api/appraiseResult/policyExport', { year, regionCode, class: cls || undefined }, `差别化政策清单_${year}.xlsx`)
          }
        />
      </Space>
      <Table<PolicyRow>
        size="small"
        rowKey="enterpriseId"
        data-testid="policy-table"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 家企业`,
        }}
        locale={{ emptyText: '该年度还没有发布的评价结果' }}
        columns={[
          { title: '企业', dataIndex: 'name' },
          { title: '区县', dataIndex: 'countyName', width: 90 },
          { title: '类别', dataIndex: 'class', width: 70, render: (v: string) => <AppraisalClassTag value={v} /> },
          { title: '电价加价（元/千瓦时）', dataIndex: 'electricitySurcharge', width: 110, align: 'right' },
          { title: '水价加价（元/立方米）', dataIndex: 'waterSurcharge', width: 110, align: 'right' },
          { title: '排污权费系数', dataIndex: 'emissionFeeFactor', width: 90, align: 'right' },
          { title: '土地使用税减免（%）', dataIndex: 'landTaxRelief', width: 100, align: 'right' },
          { title: '新增用地', dataIndex: 'newLand', width: 80 },
          { title: '用能指标', dataIndex: 'energyQuota', width: 80 },
          { title: '信贷导向', dataIndex: 'credit', width: 90 },
        ]}
      />
    </Modal>
  )
}
