/**
 * 企业指标 zbqy (docs/product.md §2 /system/decision/zbqy): one enterprise, chosen by name or credit code
 * (`?id=` so it can be linked), with its facts, its six indicators against the median of its
 * peers (same county and division), its rank by 亩均税收 among them and its history.
 */
import { Descriptions, Empty, Space, Table, Tag, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import styled from 'styled-components'
import type { EnterpriseIndicators } from '../../../../domain/contracts/decision'
import { ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { useEnterpriseIndicators } from '../api/get-enterprise-indicators'
import { benchmarkBars, buildBenchmarkSpec, type BenchmarkBar } from '../components/build-benchmark-spec'
import { buildTrendSpec, trendData } from '../components/build-trend-spec'
import { EnterprisePicker } from '../components/enterprise-picker'
import { YearSelect } from '../../../widgets/year-select'
import { G2Host } from '../../../charts/g2-host'
import { formatPercent, formatValue } from '../components/indicator-format'
import { Panel } from '../components/panel'
import { rankText } from '../components/rank-text'

const FILTERS = ['id', 'year'] as const

/** 评价类别 colours: A 优先支持 … D 整治淘汰 (docs/domain.md 亩均效益评价). */
const CLASS_TAGS: Record<string, { color: string; words: string }> = {
  A: { color: 'green', words: 'A类 优先支持' },
  B: { color: 'blue', words: 'B类 提升发展' },
  C: { color: 'orange', words: 'C类 调整转型' },
  D: { color: 'red', words: 'D类 整治淘汰' },
}

const HISTORY_KEYS = ['taxPerMu', 'valueAddedPerMu'] as const

const Head = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 280px;
  gap: 16px;
  margin-bottom: 16px;
  @media (max-width: 1100px) {
    grid-template-columns: minmax(0, 1fr);
  }
`

const Rank = styled.div`
  border: 1px solid #e3e8f0;
  border-top: 3px solid ${({ theme }) => theme.primary};
  border-radius: 6px;
  padding: 16px;
  background: #f7f9fd;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 8px;
  .label {
    font-size: 13px;
    color: ${({ theme }) => theme.textMuted};
  }
  .big {
    font-size: 34px;
    line-height: 40px;
    font-weight: 600;
    color: ${({ theme }) => theme.primary};
    font-variant-numeric: tabular-nums;
  }
  .big small {
    font-size: 14px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
  p {
    margin: 0;
    font-size: 13px;
    color: ${({ theme }) => theme.text};
  }
`

const Pair = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 16px;
  @media (max-width: 1100px) {
    grid-template-columns: minmax(0, 1fr);
  }
`

const BENCH_COLUMNS: TableColumnsType<BenchmarkBar> = [
  { title: '指标', dataIndex: 'name', render: (v: string, r) => `${v}（${r.unit}）` },
  { title: '本企业', dataIndex: 'value', align: 'right', render: formatValue },
  { title: '同行中位数', dataIndex: 'median', align: 'right', render: formatValue },
  { title: '相当于', dataIndex: 'percent', align: 'right', render: formatPercent },
]

/** The chosen enterprise. */
function EnterpriseView({ data }: { data: EnterpriseIndicators }) {
  const e = data.enterprise
  const cls = data.appraisalClass ? CLASS_TAGS[data.appraisalClass] : undefined
  const { bars, missing } = useMemo(() => benchmarkBars(data.values, data.benchmark), [data])
  const benchSpec = useMemo(() => buildBenchmarkSpec(bars), [bars])
  const history = useMemo(() => trendData(data.history, HISTORY_KEYS), [data])
  const historySpec = useMemo(() => buildTrendSpec(history, { unit: '万元/亩', keys: [...HISTORY_KEYS] }), [history])
  return (
    <>
      <Head>
        <Panel title={e.name} testId="enterprise-facts">
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'code', label: '统一社会信用代码', children: e.creditCode, span: 2 },
              { key: 'county', label: '区县', children: e.countyName ?? '—' },
              {
                key: 'industry',
                label: '行业',
                children: e.industryCode ? `${e.industryCode.slice(0, 3)} ${e.industryName ?? ''}` : '—',
                span: 2,
              },
              { key: 'scale', label: '规模', children: e.scale },
              { key: 'status', label: '状态', children: e.status },
              {
                key: 'class',
                label: `评价类别（${data.year}年）`,
                children: cls ? <Tag color={cls.color}>{cls.words}</Tag> : '未评价',
                span: 2,
              },
            ]}
          />
        </Panel>
        <Rank aria-live="polite">
          <span className="label">{data.year}年 亩均税收排名</span>
          <span className="big">
            {data.rank === null ? '—' : `第 ${data.rank}`}
            {data.rank !== null && <small> / {data.peers.count} 家</small>}
          </span>
          <p data-testid="enterprise-rank">{rankText(data)}</p>
          <span className="label">
            本企业亩均税收 {formatValue(data.values?.taxPerMu)} 万元/亩，同行中位数 {formatValue(data.benchmark.taxPerMu)} 万元/亩
          </span>
        </Rank>
      </Head>
      <Pair>
        <Panel
          title={`六项指标与同行中位数对比（${data.year}年）`}
          caption={`各指标换算为相当于同行中位数的百分比（中位数 = 100%），以便不同单位的指标同轴比较；同行为${data.peers.label}（${data.peers.count} 家）。${missing.length ? `无可比数据：${missing.join('、')}。` : ''}`}
          testId="benchmark-panel"
        >
          <G2Host
            spec={benchSpec}
            count={bars.length}
            height={280}
            label="六项指标相当于同行中位数的百分比"
            emptyText={data.values ? '同行没有可比的指标数据' : `${data.year}年没有填报数据`}
            testId="benchmark-chart"
          />
          {bars.length > 0 && (
            <Table<BenchmarkBar>
              size="small"
              rowKey="key"
              columns={BENCH_COLUMNS}
              dataSource={bars}
              pagination={false}
              style={{ marginTop: 8 }}
            />
          )}
        </Panel>
        <Panel title="亩均税收与亩均增加值历年变化" caption="单位：万元/亩（两项指标单位相同，共用纵轴）。" testId="history-panel">
          <G2Host
            spec={historySpec}
            count={history.length}
            height={300}
            label="亩均税收与亩均增加值历年折线图"
            emptyText="该企业没有历年填报数据"
            testId="history-chart"
          />
        </Panel>
      </Pair>
    </>
  )
}

/** 企业指标 */
export function EnterpriseIndicatorPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const idNumber = Number(f.id)
  const id = Number.isInteger(idNumber) && idNumber > 0 ? idNumber : undefined
  const year = f.year ? Number(f.year) : undefined
  const found = useEnterpriseIndicators(id, year)
  return (
    <ListShell
      title="企业指标"
      intro="单个企业的亩均效益六项指标，与同区县同行业企业的中位数对比，并给出排名与历年变化"
      testId="decision-zbqy-page"
      error={found.error}
      onRetry={() => void found.refetch()}
      toolbar={
        <Space wrap>
          <EnterprisePicker value={id} valueLabel={found.data?.enterprise.name} onChange={(v) => setFilters({ ...f, id: v })} />
          <YearSelect value={year} onChange={(y) => setFilters({ ...f, year: y })} testId="filter-year" />
        </Space>
      }
    >
      {id === undefined ? (
        <Empty
          style={{ padding: '64px 0' }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="请输入企业名称或统一社会信用代码选择企业"
          data-testid="enterprise-empty"
        />
      ) : found.data ? (
        <EnterpriseView data={found.data} />
      ) : found.isLoading ? (
        <Empty style={{ padding: '64px 0' }} image={Empty.PRESENTED_IMAGE_SIMPLE} description="正在加载企业指标…" />
      ) : null}
    </ListShell>
  )
}
