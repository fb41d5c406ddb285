/**
 * 企业评价卡: one enterprise's result in a batch, in a drawer — the inputs the run read with their
 * source and date (and today's value when corrected since), each indicator's value, benchmark and
 * score, 加减分, total, rank, class and reason, last year's class, the 加减分/一票否决 events of the year
 * and the history of its input corrections.
 */
import { Alert, Descriptions, Drawer, Empty, Space, Table, Tag, Typography } from 'antd'
import { indicatorName } from '../../../../domain/appraisal-run'
import { useResultCard, type ResultCard } from '../api/appraisal-api'
import { AppraisalClassTag, indicatorValue } from './appraisal-bits'

const num = (v: number | null | undefined, unit: string) =>
  v === null || v === undefined ? '—' : `${v.toLocaleString('zh-CN', { maximumFractionDigits: unit === '人' ? 0 : 2 })} ${unit}`

/** The card of `target` (batch and enterprise), or nothing when closed. */
export function EnterpriseCard({ target, onClose }: { target: { batchId: number; enterpriseId: number } | null; onClose: () => void }) {
  const card = useResultCard({ batchId: target?.batchId, enterpriseId: target?.enterpriseId }, target !== null)
  const c = card.data && target && card.data.result.enterpriseId === target.enterpriseId ? card.data : undefined
  return (
    <Drawer
      title={c ? `企业评价卡：${c.result.name}` : '企业评价卡'}
      open={target !== null}
      onClose={onClose}
      width={880}
      destroyOnHidden
      data-testid="enterprise-card"
    >
      {card.error && <Alert type="error" showIcon message={`评价卡加载失败：${(card.error as Error).message}，请关闭后重试`} />}
      {!c && !card.error && <Typography.Text type="secondary">加载中…</Typography.Text>}
      {c && <CardBody c={c} />}
    </Drawer>
  )
}

function CardBody({ c }: { c: ResultCard }) {
  const r = c.result
  const adjustments = r.adjustments.reduce((s, a) => s + a.points, 0)
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={3} data-testid="card-summary">
        <Descriptions.Item label="统一社会信用代码">{r.creditCode}</Descriptions.Item>
        <Descriptions.Item label="区县">{r.countyName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="规模">{r.scale}</Descriptions.Item>
        <Descriptions.Item label="评价批次">
          {c.batch.year}年 第{c.batch.version}版（{c.batch.state}）
        </Descriptions.Item>
        <Descriptions.Item label="综合得分">
          <span data-testid="card-total">{r.total.toFixed(2)}</span>
          {adjustments !== 0 && <span style={{ color: '#6b7280' }}>（含加减分 {adjustments > 0 ? `+${adjustments}` : adjustments}）</span>}
        </Descriptions.Item>
        <Descriptions.Item label="排名">
          {r.rank}/{r.groupSize}
        </Descriptions.Item>
        <Descriptions.Item label="评价类别">
          <span data-testid="card-class">
            <AppraisalClassTag value={r.class} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="上年类别">
          <AppraisalClassTag value={r.lastClass} />
        </Descriptions.Item>
        <Descriptions.Item label="加减分">
          {r.adjustments.length ? r.adjustments.map((a) => `${a.name} ${a.points > 0 ? '+' : ''}${a.points}`).join('；') : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="评价说明" span={3}>
          <span data-testid="card-reason">{r.reason}</span>
        </Descriptions.Item>
      </Descriptions>

      <div>
        <Typography.Title level={5}>指标得分</Typography.Title>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          data-testid="card-scores"
          dataSource={Object.entries(r.scores).map(([key, v]) => ({ key, ...v, value: r.values[key] ?? null }))}
          columns={[
            { title: '指标', dataIndex: 'key', render: (k: string) => indicatorName(k) },
            { title: '指标值', key: 'value', align: 'right', render: (_, x) => indicatorValue(x.key, x.value) },
            { title: '基准值', key: 'benchmark', align: 'right', render: (_, x) => indicatorValue(x.key, x.benchmark) },
            { title: '得分', dataIndex: 'score', align: 'right', render: (v: number) => v.toFixed(2) },
          ]}
        />
      </div>

      <div>
        <Typography.Title level={5}>评价所用数据</Typography.Title>
        <Table
          size="small"
          rowKey="item"
          pagination={false}
          data-testid="card-inputs"
          dataSource={c.items}
          columns={[
            { title: '数据项', dataIndex: 'name' },
            { title: '来源', dataIndex: 'source', width: 90 },
            { title: '评价时数值', key: 'value', align: 'right', render: (_, x) => num(x.value, x.unit) },
            {
              title: '当前数值',
              key: 'current',
              align: 'right',
              render: (_, x) => (x.changed ? <Tag color="warning">{num(x.current, x.unit)}（评价后已更正）</Tag> : num(x.current, x.unit)),
            },
            { title: '报送日期', dataIndex: 'reportedDate', width: 110, render: (d: string | null) => d ?? '—' },
          ]}
        />
      </div>

      <div>
        <Typography.Title level={5}>加减分与一票否决事项（{c.batch.year}年）</Typography.Title>
        {c.events.length ? (
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            data-testid="card-events"
            dataSource={c.events}
            columns={[
              { title: '事项', dataIndex: 'name' },
              { title: '依据', dataIndex: 'evidence' },
              { title: '依据日期', dataIndex: 'evidenceDate', render: (d: string | null) => d ?? '—' },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该年度没有登记加减分或一票否决事项（在“评价标准 → 加减分事项”登记）" />
        )}
      </div>

      <div>
        <Typography.Title level={5}>数据更正记录</Typography.Title>
        {c.history.length ? (
          <Table
            size="small"
            rowKey={(h) => `${h.item}-${h.at}`}
            pagination={{ pageSize: 5, showSizeChanger: false }}
            data-testid="card-history"
            dataSource={c.history}
            columns={[
              { title: '数据项', dataIndex: 'name' },
              { title: '原值', dataIndex: 'oldValue', align: 'right', render: (v: number | null) => v ?? '空' },
              { title: '新值', dataIndex: 'newValue', align: 'right' },
              { title: '原因', dataIndex: 'reason' },
              { title: '更正人', dataIndex: 'actor', width: 90 },
              { title: '时间', dataIndex: 'at', width: 170, render: (t: string) => new Date(t).toLocaleString('zh-CN') },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该年度数据没有更正过" />
        )}
      </div>
    </Space>
  )
}
