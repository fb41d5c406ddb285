/**
 * The parcels of a run: 疑似低效 only by default (or every parcel scored), searched by code or
 * name, narrowed to those meeting one indicator; sorted and paged on the server, exported as xlsx
 * with the same filters. Filters and paging live in the URL.
 */
import { Form, Input, Segmented, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import {
  EVALUATION_INDICATORS,
  type EvaluationIndicator,
  type EvaluationResult,
  type EvaluationRun,
  type ModelItem,
} from '../../../../domain/contracts/land-evaluation'
import { ExportButton } from '../../../ui/export-button'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportResults } from '../api/export-results'
import { useResults, type ResultFilter } from '../api/list-results'
import { formatAmount, formatCount, formatIndicatorValue, formatText, indicatorHead } from './evaluation-format'
import { HitTags, ScoreCell, StatusTag } from './result-cells'

/** The URL parameters of the table (runId belongs to the page). */
export const RESULT_FILTERS = ['keyword', 'indicator', 'scope'] as const

/** the columns the server sorts by (contract resultListQuery) */
const SORTABLE = new Set(['landCode', 'areaMu', 'score'])

const INDICATOR_CHOICES = (Object.keys(EVALUATION_INDICATORS) as EvaluationIndicator[]).map((k) => ({
  value: k,
  label: EVALUATION_INDICATORS[k].name,
}))

/** The indicators a model tests, each once, in the model's order. */
function indicatorsOf(items: readonly ModelItem[]): EvaluationIndicator[] {
  return [...new Set(items.map((i) => i.indicator))]
}

/** Props of {@link ResultTable}. */
export interface ResultTableProps {
  run: EvaluationRun
  /** the model's items as the run used them */
  items: ModelItem[]
}

/** The results of a run with their filters and export. */
export function ResultTable({ run, items }: ResultTableProps) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(RESULT_FILTERS)
  const f = params.filters
  const indicator = f.indicator && f.indicator in EVALUATION_INDICATORS ? (f.indicator as EvaluationIndicator) : undefined
  const filter: ResultFilter = {
    runId: run.id,
    flagged: f.scope === 'all' ? undefined : 'true',
    indicator,
    keyword: f.keyword,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  }
  const results = useResults({ ...filter, page: params.page, pageSize: params.pageSize })
  const page = results.data?.page
  const sortable = (key: string) => (SORTABLE.has(key) ? { key, sorter: true, sortOrder: sortOrderOf(key) } : {})
  const metOn = (r: EvaluationResult, k: EvaluationIndicator) => r.hits.some((i) => items[i]?.indicator === k)

  const columns: TableColumnsType<EvaluationResult> = [
    { title: '宗地代码', dataIndex: 'landCode', width: 170, fixed: 'left', ...sortable('landCode') },
    { title: '地块名称', dataIndex: 'name', width: 160, ellipsis: true },
    { title: '区县', dataIndex: 'countyName', width: 90, render: formatText },
    { title: '状态', dataIndex: 'status', width: 84, render: (s: string) => <StatusTag status={s} /> },
    { title: '面积（亩）', dataIndex: 'areaMu', width: 110, align: 'right', render: formatAmount, ...sortable('areaMu') },
    { title: '用地单位', dataIndex: 'enterpriseName', width: 180, ellipsis: true, render: formatText },
    {
      title: '得分',
      dataIndex: 'score',
      width: 150,
      render: (v: number, r) => (
        <>
          <ScoreCell score={v} passScore={run.passScore} />
          {r.closedDate && (
            <Tag color="green" title="盘活办结、台账销号在本评价年度或之后：只计分，不列为疑似低效" data-testid="result-closed">
              {r.closedDate} 已销号
            </Tag>
          )}
        </>
      ),
      ...sortable('score'),
    },
    { title: '命中指标', dataIndex: 'hits', width: 330, render: (hits: number[]) => <HitTags hits={hits} items={items} /> },
    ...indicatorsOf(items).map((k) => ({
      title: <span title={EVALUATION_INDICATORS[k].name}>{indicatorHead(k)}</span>,
      key: `value-${k}`,
      width: 110,
      align: 'right' as const,
      render: (_: unknown, r: EvaluationResult) => (
        <span data-field={k} style={metOn(r, k) ? { color: '#c8161d', fontWeight: 600 } : undefined}>
          {formatIndicatorValue(k, r.values[k])}
        </span>
      ),
    })),
  ]
  const filtered = Boolean(f.keyword || indicator)
  const noun = f.scope === 'all' ? '参评地块' : '疑似低效地块'

  return (
    <section data-testid="results">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item style={{ marginRight: 12 }}>
            <Segmented
              data-testid="results-scope"
              value={f.scope === 'all' ? 'all' : 'flagged'}
              onChange={(v) => setFilters({ ...f, scope: v === 'all' ? 'all' : undefined })}
              options={[
                { value: 'flagged', label: '疑似低效' },
                { value: 'all', label: '全部地块' },
              ]}
            />
          </Form.Item>
          <Form.Item label="关键字">
            <Input.Search
              key={f.keyword ?? ''}
              data-testid="results-keyword"
              placeholder="宗地代码或地块名称"
              allowClear
              defaultValue={f.keyword}
              maxLength={50}
              style={{ width: 220 }}
              onSearch={(keyword) => setFilters({ ...f, keyword })}
            />
          </Form.Item>
          <Form.Item label="命中指标">
            <Select
              data-testid="results-indicator"
              aria-label="命中指标"
              allowClear
              placeholder="全部指标"
              style={{ width: 220 }}
              value={indicator}
              onChange={(v?: string) => setFilters({ ...f, indicator: v })}
              options={INDICATOR_CHOICES}
            />
          </Form.Item>
        </Form>
        <ExportButton onExport={() => exportResults(filter)} testId="results-export" disabled={!page?.total} />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {noun}
        <b data-testid="results-total" data-total={page?.total ?? ''} style={{ margin: '0 4px', color: 'inherit' }}>
          {formatCount(page?.total)}
        </b>
        宗{indicator ? `（命中“${EVALUATION_INDICATORS[indicator].name}”）` : ''}；得分 ≥ {run.passScore} 分为疑似低效，红色数值为命中的指标
      </Typography.Paragraph>
      <PagedTable<EvaluationResult>
        data-testid="results-table"
        rowKey="parcelId"
        list={{ data: page, error: results.error, isFetching: results.isFetching, refetch: results.refetch }}
        emptyText={
          filtered ? '没有符合条件的地块，请放宽筛选条件' : f.scope === 'all' ? '本次评价没有参评地块' : '本次评价没有疑似低效地块'
        }
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
      />
    </section>
  )
}
