/**
 * The 台账 side of 盘活方案, each list with its own search and paging: the latest evaluation run's
 * flagged results to 认定 or 复核剔除 (chosen rows, one batch at a time); the confirmed entries not yet in a
 * plan, each with 制定方案; and the 台账 itself by state, 销号 entries with their date.
 */
import { Button, Input, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { LedgerRow, ReviewRow } from '../../../../domain/contracts/revitalize'
import { LEDGER_STATES, type LedgerState } from '../../../../domain/revitalize'
import { LoadError, emptyState } from '../../../ui/list-shell'
import { useLedger } from '../api/list-ledger'
import { useReview } from '../api/list-review'
import { useUnplanned } from '../api/list-unplanned'
import { LedgerActionModal, type LedgerActionTarget } from './ledger-action-modal'
import { LedgerStateTag } from './revitalize-tags'

const PAGE_SIZE = 10
const mu = (v: number) => v.toFixed(2)
const paging = (page: number, total: number | undefined, onChange: (p: number) => void, unit = '宗') => ({
  current: page,
  pageSize: PAGE_SIZE,
  total: total ?? 0,
  onChange,
  showSizeChanger: false,
  showTotal: (t: number) => `共 ${t} ${unit}`,
  size: 'small' as const,
})

function Search({ placeholder, onSearch, testId }: { placeholder: string; onSearch: (v: string | undefined) => void; testId: string }) {
  return (
    <Input.Search
      placeholder={placeholder}
      allowClear
      onSearch={(v) => onSearch(v || undefined)}
      style={{ width: 280 }}
      data-testid={testId}
    />
  )
}

const REVIEWS = ['待认定', '已认定', '复核剔除'] as const

/** 评价结果认定: the latest run's flagged parcels. */
export function ReviewList({ regionCode, evaluationLink }: { regionCode?: string; evaluationLink?: string }) {
  const [keyword, setKeyword] = useState<string | undefined>()
  const [review, setReview] = useState<(typeof REVIEWS)[number]>('待认定')
  const [page, setPage] = useState(1)
  const [chosen, setChosen] = useState<number[]>([])
  const [acting, setActing] = useState<LedgerActionTarget | null>(null)
  const list = useReview({ regionCode, keyword, review, page, pageSize: PAGE_SIZE })
  const run = list.data?.run
  const rows = list.data?.page.list ?? []
  const open = (action: '认定' | '剔除') =>
    run &&
    setActing({
      action,
      runId: run.id,
      parcels: rows.filter((r) => chosen.includes(r.parcelId)).map((r) => ({ parcelId: r.parcelId, landCode: r.landCode })),
    })

  const columns: TableColumnsType<ReviewRow> = [
    { title: '宗地代码', dataIndex: 'landCode', width: 170 },
    { title: '地块', dataIndex: 'parcelName', ellipsis: true },
    { title: '用地单位', dataIndex: 'enterpriseName', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '区县', dataIndex: 'countyName', width: 90 },
    { title: '面积（亩）', dataIndex: 'areaMu', width: 100, align: 'right', render: mu },
    { title: '得分', dataIndex: 'score', width: 70, align: 'right' },
    { title: '符合的认定条件', dataIndex: 'criteria', render: (c: string[]) => c.map((x) => <Tag key={x}>{x}</Tag>) },
    {
      title: '认定状态',
      key: 'ledger',
      width: 110,
      render: (_, r) => (r.ledger ? <LedgerStateTag state={r.ledger.state} /> : <Tag color="orange">疑似</Tag>),
    },
  ]

  return (
    <section data-testid="review-list">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <Segmented<string>
            value={review}
            onChange={(v) => {
              setReview(v as (typeof REVIEWS)[number])
              setPage(1)
              setChosen([])
            }}
            options={[...REVIEWS]}
            data-testid="review-switch"
          />
          <Typography.Text type="secondary" data-testid="review-run">
            {run ? `评价批次：${run.modelName}（${run.year}年，${run.runAt.slice(0, 10)} 运行）` : list.isLoading ? '正在加载…' : ''}
          </Typography.Text>
        </Space>
        <Space wrap>
          {review === '待认定' && (
            <>
              <Button type="primary" disabled={!chosen.length} onClick={() => open('认定')} data-testid="review-confirm">
                认定{chosen.length ? `（${chosen.length}）` : ''}
              </Button>
              <Button disabled={!chosen.length} onClick={() => open('剔除')} data-testid="review-withdraw">
                复核剔除
              </Button>
            </>
          )}
          {review === '已认定' && (
            <Button disabled={!chosen.length} onClick={() => open('剔除')} data-testid="review-withdraw">
              撤回认定（复核剔除）
            </Button>
          )}
          <Search
            placeholder="宗地代码、地块或用地单位"
            onSearch={(v) => {
              setKeyword(v)
              setPage(1)
            }}
            testId="review-search"
          />
        </Space>
      </Space>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<ReviewRow>
        rowKey="parcelId"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        rowSelection={review === '复核剔除' ? undefined : { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
        pagination={paging(page, list.data?.page.total, (p) => {
          setPage(p)
          setChosen([])
        })}
        locale={{
          emptyText: emptyState(
            list.error
              ? '加载失败'
              : !run && !list.isLoading
                ? `尚无低效用地评价结果：先在“认定模型”中运行评价${evaluationLink ? '' : '（需认定模型页面权限）'}`
                : keyword
                  ? '没有符合条件的地块，请换个关键字'
                  : `本批次没有“${review}”的地块`,
          ),
        }}
        scroll={{ x: 1100 }}
      />
      {!run && !list.isLoading && evaluationLink && (
        <Typography.Link href={evaluationLink} data-testid="review-run-link">
          前往认定模型运行评价
        </Typography.Link>
      )}
      <LedgerActionModal
        target={acting}
        onClose={() => {
          setActing(null)
          setChosen([])
        }}
      />
    </section>
  )
}

/** 未纳入方案: confirmed entries, each with 制定方案. */
export function UnplannedList({ regionCode, onPlan }: { regionCode?: string; onPlan: (entry: LedgerRow) => void }) {
  const [keyword, setKeyword] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const list = useUnplanned({ regionCode, keyword, page, pageSize: PAGE_SIZE })
  const columns: TableColumnsType<LedgerRow> = [
    { title: '宗地代码', dataIndex: 'landCode', width: 170 },
    { title: '地块', dataIndex: 'parcelName', ellipsis: true },
    { title: '用地单位', dataIndex: 'enterpriseName', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '区县', dataIndex: 'countyName', width: 90 },
    { title: '面积（亩）', dataIndex: 'areaMu', width: 100, align: 'right', render: mu },
    { title: '认定条件', dataIndex: 'criteria', render: (c: string[]) => c.map((x) => <Tag key={x}>{x}</Tag>) },
    { title: '认定日期', dataIndex: 'confirmDate', width: 110 },
    { title: '批次', dataIndex: 'batch', width: 120, ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onPlan(r)} data-testid={`plan-add-${r.parcelId}`}>
          制定方案
        </Button>
      ),
    },
  ]
  return (
    <section data-testid="unplanned-list">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">
          {list.data ? `尚有 ${list.data.total} 宗已认定的低效用地未纳入盘活方案` : '正在加载…'}
        </Typography.Text>
        <Search
          placeholder="宗地代码、地块或用地单位"
          onSearch={(v) => {
            setKeyword(v)
            setPage(1)
          }}
          testId="unplanned-search"
        />
      </Space>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={paging(page, list.data?.total, setPage)}
        locale={{
          emptyText: emptyState(
            list.error
              ? '加载失败'
              : keyword
                ? '没有符合条件的地块，请换个关键字'
                : '已认定的低效用地都已纳入方案；新的认定在“评价结果认定”中完成',
          ),
        }}
        scroll={{ x: 1150 }}
      />
    </section>
  )
}

/** 低效用地台账: every entry by state, with its 认定 and 销号 dates. */
export function LedgerList({ regionCode }: { regionCode?: string }) {
  const [keyword, setKeyword] = useState<string | undefined>()
  const [state, setState] = useState<LedgerState | undefined>()
  const [page, setPage] = useState(1)
  const list = useLedger({ regionCode, keyword, state, page, pageSize: PAGE_SIZE })
  const counts = list.data?.counts
  const columns: TableColumnsType<LedgerRow> = [
    { title: '宗地代码', dataIndex: 'landCode', width: 170 },
    { title: '地块', dataIndex: 'parcelName', ellipsis: true },
    { title: '用地单位', dataIndex: 'enterpriseName', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '区县', dataIndex: 'countyName', width: 90 },
    { title: '面积（亩）', dataIndex: 'areaMu', width: 100, align: 'right', render: mu },
    { title: '地块状态', dataIndex: 'parcelStatus', width: 90 },
    { title: '认定日期', dataIndex: 'confirmDate', width: 110, render: (v: string | null) => v ?? '—' },
    {
      title: '台账状态',
      dataIndex: 'state',
      width: 130,
      render: (v: LedgerState) => <LedgerStateTag state={v} />,
      onCell: () => ({ 'data-field': 'state' }) as object,
    },
    {
      title: '销号日期',
      dataIndex: 'closedDate',
      width: 110,
      render: (v: string | null) => v ?? '—',
      onCell: () => ({ 'data-field': 'closedDate' }) as object,
    },
    { title: '说明', dataIndex: 'withdrawReason', ellipsis: true, render: (v: string) => v || '—' },
  ]
  return (
    <section data-testid="ledger-list">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Segmented<string>
          value={state ?? 'all'}
          onChange={(v) => {
            setState(v === 'all' ? undefined : (v as LedgerState))
            setPage(1)
          }}
          options={[
            { value: 'all', label: `全部 ${counts ? counts.reduce((s, c) => s + c.count, 0) : ''}` },
            ...LEDGER_STATES.map((s) => ({
              value: s,
              label: (
                <span data-testid={`ledger-count-${s}`}>
                  {s === '已完成' ? '已完成（销号）' : s} {counts?.find((c) => c.state === s)?.count ?? ''}
                </span>
              ),
            })),
          ]}
          data-testid="ledger-switch"
        />
        <Search
          placeholder="宗地代码、地块或用地单位"
          onSearch={(v) => {
            setKeyword(v)
            setPage(1)
          }}
          testId="ledger-search"
        />
      </Space>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.page.list}
        loading={list.isFetching}
        pagination={paging(page, list.data?.page.total, setPage)}
        locale={{
          emptyText: emptyState(
            list.error
              ? '加载失败'
              : keyword || state
                ? '没有符合条件的台账条目，请调整状态或关键字'
                : '台账为空：在“评价结果认定”中认定低效用地',
          ),
        }}
        scroll={{ x: 1200 }}
      />
    </section>
  )
}
