/**
 * 详情 of one plan: its facts (enterprise, target, measures, owner, deadline, progress, state), the
 * progress reports in order as a timeline, and how it ended once closed.
 */
import { Descriptions, Drawer, Empty, Progress, Spin, Timeline, Typography } from 'antd'
import { usePlan } from '../api/get-plan'
import { LoadError } from '../../../ui/list-shell'
import { formatText } from './regulation-format'
import { formatTime } from '../../../widgets/format-time'
import { ClassTag, OutcomeTag, PlanStateTag } from './regulation-tags'

/** labels on one line, the same width in both lists */
const LABEL = { width: 124, whiteSpace: 'nowrap' } as const

/** The drawer; `planId` null = closed. */
export function PlanDrawer({ planId, onClose }: { planId: number | null; onClose: () => void }) {
  const detail = usePlan(planId)
  const p = detail.data
  return (
    <Drawer
      title={p ? `整治方案详情：${p.enterpriseName}` : '整治方案详情'}
      open={planId !== null}
      onClose={onClose}
      size={600}
      destroyOnHidden
      data-testid="plan-drawer"
    >
      {detail.error && <LoadError error={detail.error} onRetry={() => void detail.refetch()} />}
      {!p && !detail.error && <Spin style={{ display: 'block', margin: 48 }} />}
      {p && (
        <div data-testid="plan-detail">
          <Descriptions
            size="small"
            column={2}
            bordered
            styles={{ label: LABEL }}
            items={[
              { key: 'name', label: '企业', children: p.enterpriseName, span: 2 },
              { key: 'code', label: '统一社会信用代码', children: p.creditCode, span: 2 },
              { key: 'county', label: '区县', children: formatText(p.countyName) },
              { key: 'year', label: '年度', children: `${p.year}年` },
              { key: 'class', label: '起始类别', children: <ClassTag value={p.class} /> },
              { key: 'target', label: '整治目标', children: p.target },
              {
                key: 'measures',
                label: '整治措施',
                children: <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{p.measures}</Typography.Paragraph>,
                span: 2,
              },
              { key: 'owner', label: '责任单位', children: p.owner },
              { key: 'deadline', label: '完成期限', children: p.deadline },
              {
                key: 'progress',
                label: '进度',
                children: <Progress percent={p.progress} size="small" format={(x) => `${x}%`} style={{ width: 200, margin: 0 }} />,
                span: 2,
              },
              { key: 'state', label: '状态', children: <PlanStateTag state={p.state} overdueDays={p.overdueDays} /> },
              { key: 'by', label: '制定', children: `${p.createdBy} ${formatTime(p.createdAt)}` },
            ]}
          />
          <h3 style={{ margin: '20px 0 12px', fontSize: 15 }}>进展报告</h3>
          {p.reports.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚无进展报告：在整治监管中点击“报告进展”填报" />
          ) : (
            <Timeline
              data-testid="plan-reports"
              items={p.reports.map((r, i) => ({
                key: i,
                color: r.progress === 100 ? 'green' : 'blue',
                content: (
                  <div data-testid="plan-report">
                    <strong>
                      {r.date} · 进度 {r.progress}%
                    </strong>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{r.note}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.actor} 于 {formatTime(r.at)} 填报
                    </Typography.Text>
                  </div>
                ),
              }))}
            />
          )}
          <h3 style={{ margin: '20px 0 12px', fontSize: 15 }}>整治结果</h3>
          {p.outcome ? (
            <Descriptions
              size="small"
              column={2}
              bordered
              styles={{ label: LABEL }}
              data-testid="plan-outcome"
              items={[
                { key: 'outcome', label: '结果', children: <OutcomeTag value={p.outcome} /> },
                { key: 'date', label: '办结日期', children: formatText(p.outcomeDate) },
                { key: 'note', label: '办结说明', children: formatText(p.outcomeNote), span: 2 },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">尚未办结</Typography.Text>
          )}
        </div>
      )}
    </Drawer>
  )
}
