/**
 * One batch as its enterprise sees it (issue 28): the batch and its state, the 公示 window and the
 * 异议 deadline, the class, total and rank, each indicator's value and score, the inputs behind
 * them by source with their reporting dates, the 加减分 events, the enterprise's 异议 with their
 * decisions — and, while the window is open, the form to object.
 */
import { Alert, Button, Card, Col, Descriptions, Row, Space, Table, Tag, Typography } from 'antd'
import { APPRAISAL_CLASS_COLORS, APPRAISAL_CLASS_NAMES, type AppraisalClass } from '../../../../domain/palettes'
import { MODEL_INDICATOR_KEYS, indicatorName } from '../../../../domain/appraisal-run'
import type { CompanyObjection } from '../../../../domain/contracts/appraisal'
import type { FigureKey } from '../../../../domain/figures/catalogue'
import { formatFigureValue } from '../../../../domain/figures/format'
import { chineseDate } from '../../../../domain/work-calendar'
import { emptyState } from '../../../ui/list-shell'
import { formatTime } from '../../../widgets/format-time'
import { downloadObjectionFile } from '../api/download-objection-file'
import type { MyAppraisal } from '../api/get-my-appraisal'
import { ObjectionForm } from './objection-form'

const OBJECTION_COLORS: Record<CompanyObjection['state'], string> = { 待审: 'processing', 维持: 'default', 采纳: 'success' }

/** The class as the whole product shows it: its colour and name. */
function ClassBadge({ value }: { value: string | null }) {
  if (!value || !(value in APPRAISAL_CLASS_COLORS)) return <span>—</span>
  const c = value as AppraisalClass
  return (
    <Tag color={APPRAISAL_CLASS_COLORS[c]} style={{ fontSize: 14, padding: '2px 10px' }} data-testid="my-class">
      {APPRAISAL_CLASS_NAMES[c]}
    </Tag>
  )
}

/** Whether 异议 may still be filed: the batch is in 公示 or 异议 and its window has not ended. */
export const windowOpen = (m: MyAppraisal, today: string | undefined) =>
  (m.batch.state === '公示' || m.batch.state === '异议') && !!today && !!m.batch.publicityEnd && today <= m.batch.publicityEnd

/** One batch of the enterprise. */
export function MyBatch({ m, today }: { m: MyAppraisal; today: string | undefined }) {
  const { batch: b, result: r } = m
  const open = windowOpen(m, today)
  const windowText = b.publicityStart && b.publicityEnd ? `${chineseDate(b.publicityStart)} 至 ${chineseDate(b.publicityEnd)}` : '—'
  const indicators = MODEL_INDICATOR_KEYS.filter((k) => r.scores[k])
  return (
    <Card
      data-testid={`my-batch-${b.id}`}
      title={
        <Space wrap>
          <span>
            {b.countyName} {b.year}年度亩均效益评价（第{b.version}版）
          </span>
          <Tag color={b.state === '发布' ? 'success' : b.state === '归档' ? 'default' : 'processing'} data-testid="my-batch-state">
            {b.state === '异议' ? '公示（异议审核中）' : b.state}
          </Tag>
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="my-summary">
          <Descriptions.Item label="公示期">{windowText}</Descriptions.Item>
          <Descriptions.Item label="异议截止">
            <span data-testid="my-deadline">{b.publicityEnd ? chineseDate(b.publicityEnd) : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="评价类别">
            <ClassBadge value={r.class} />
          </Descriptions.Item>
          <Descriptions.Item label="综合得分">
            <strong data-testid="my-total">{r.total.toFixed(2)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label="排名">
            <span data-testid="my-rank">
              第{r.rank}名 / 同组{r.groupSize}家（{r.scale}企业）
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="上年类别">{r.lastClass ? `${r.lastClass}类` : '—'}</Descriptions.Item>
          <Descriptions.Item label="评价说明" span={3}>
            {r.reason || '—'}
          </Descriptions.Item>
        </Descriptions>

        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>指标得分</Typography.Title>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              data-testid="my-scores"
              dataSource={indicators.map((k) => ({ key: k, ...r.scores[k], value: r.values[k] }))}
              locale={{ emptyText: emptyState('本批次未计算指标得分') }}
              columns={[
                { title: '指标', dataIndex: 'key', render: (k: string) => indicatorName(k) },
                { title: '本企业', key: 'value', align: 'right', render: (_, x) => formatFigureValue(x.key as FigureKey, x.value ?? null) },
                {
                  title: '基准值',
                  key: 'benchmark',
                  align: 'right',
                  render: (_, x) => (x.benchmark === null ? '—' : formatFigureValue(x.key as FigureKey, x.benchmark)),
                },
                { title: '得分', dataIndex: 'score', align: 'right', render: (v: number) => v.toFixed(2) },
              ]}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>指标数据（按来源部门）</Typography.Title>
            <Table
              size="small"
              rowKey="item"
              pagination={false}
              data-testid="my-inputs"
              dataSource={[...m.items].sort((a, b2) => a.source.localeCompare(b2.source, 'zh'))}
              locale={{ emptyText: emptyState('本批次没有指标数据') }}
              columns={[
                { title: '来源', dataIndex: 'source', width: 90, render: (v: string) => <Tag>{v}</Tag> },
                { title: '指标', dataIndex: 'name' },
                {
                  title: '评价所用数值',
                  key: 'value',
                  align: 'right',
                  render: (_, i) => (i.value === null ? <span style={{ color: '#dc2626' }}>未报送</span> : `${i.value} ${i.unit}`),
                },
                { title: '报送日期', dataIndex: 'reportedDate', width: 110, render: (v: string | null) => v ?? '—' },
              ]}
            />
          </Col>
        </Row>

        <div data-testid="my-adjustments">
          <Typography.Title level={5}>加减分事项</Typography.Title>
          {r.adjustments.length === 0 && m.events.length === 0 ? (
            <Typography.Text type="secondary">本年度没有加减分或一票否决事项</Typography.Text>
          ) : (
            <Space direction="vertical" size={4}>
              {r.adjustments.map((a) => (
                <span key={a.name}>
                  {a.name}：
                  <strong style={{ color: a.points >= 0 ? '#16a34a' : '#dc2626' }}>{a.points > 0 ? `+${a.points}` : a.points} 分</strong>
                </span>
              ))}
              {m.events.map((e) => (
                <Typography.Text type="secondary" key={`${e.name}-${e.evidence}`}>
                  {e.name}（依据：{e.evidence}
                  {e.evidenceDate ? `，${e.evidenceDate}` : ''}）
                </Typography.Text>
              ))}
            </Space>
          )}
        </div>

        <div>
          <Typography.Title level={5}>本企业的异议</Typography.Title>
          <Table<CompanyObjection>
            size="small"
            rowKey="id"
            pagination={false}
            data-testid="my-objections"
            dataSource={m.objections}
            locale={{ emptyText: emptyState(open ? '尚未提出异议：对评价结果有异议的，请在下方填写并提交' : '本批次没有异议') }}
            columns={[
              { title: '提出时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatTime(v) },
              { title: '方式', dataIndex: 'channel', width: 110, render: (v: string) => (v === '企业' ? '企业提出' : '经信科代登记') },
              { title: '异议内容', dataIndex: 'content' },
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
                          data-testid={`my-objection-file-${a.id}`}
                          onClick={() => void downloadObjectionFile(o.id, a.id, a.name).catch(() => undefined)}
                        >
                          {a.name}
                        </Button>
                      ))}
                    </Space>
                  ) : (
                    '—'
                  ),
              },
              {
                title: '状态',
                dataIndex: 'state',
                width: 80,
                render: (s: CompanyObjection['state']) => (
                  <Tag color={OBJECTION_COLORS[s]} data-testid="my-objection-state">
                    {s === '待审' ? '审核中' : s}
                  </Tag>
                ),
              },
              {
                title: '审核结论',
                key: 'decision',
                render: (_, o) =>
                  o.state === '待审' ? (
                    <Typography.Text type="secondary">经信科审核后在此告知</Typography.Text>
                  ) : (
                    <span data-testid="my-objection-decision">
                      {o.state === '采纳' ? '采纳' : '维持原评价结果'}：{o.decision}
                      {o.reviewedAt && <div style={{ color: '#6b7280', fontSize: 12 }}>{formatTime(o.reviewedAt)}</div>}
                    </span>
                  ),
              },
            ]}
          />
        </div>

        {open && b.publicityEnd ? (
          <Card size="small" title="提出异议" type="inner">
            <ObjectionForm batchId={b.id} deadline={b.publicityEnd} />
          </Card>
        ) : (
          <Alert
            type="info"
            showIcon
            data-testid="my-closed"
            title={
              b.state === '发布' || b.state === '归档'
                ? `评价结果已于${b.publishedAt ? formatTime(b.publishedAt).slice(0, 10) : ''}发布，不再受理异议；如有新的情况，请联系属地经信部门`
                : `异议期已于${b.publicityEnd ? chineseDate(b.publicityEnd) : ''}结束，评价结果待审定发布`
            }
          />
        )}
      </Space>
    </Card>
  )
}
