/**
 * 评价监测: the alerts of a year (two classes down, D share over the quota, inputs changed after 公示)
 * and the drill of the published classes province → city → county → park → enterprise.
 */
import { Alert, Breadcrumb, Button, Card, Collapse, Table, Tag } from 'antd'
import { useState, type ReactNode } from 'react'
import { useAlerts, useDrill, type Drill } from '../api/appraisal-api'
import { AppraisalClassTag, BatchStateTag, indicatorValue } from './appraisal-bits'
import type { BatchState } from '../../../../domain/contracts/appraisal'

/** The three alerts; nothing when there is none. */
export function AppraisalAlerts({ year, regionCode }: { year?: number; regionCode?: string }) {
  const alerts = useAlerts({ year, regionCode }, year !== undefined)
  const a = alerts.data
  if (alerts.error) return <Alert type="error" showIcon message={`预警读取失败：${(alerts.error as Error).message}，请刷新重试`} />
  if (!a) return null
  const n = a.droppedTwoOrMore.count + a.dShareOverQuota.length + a.changedAfterPublicity.count
  if (n === 0)
    return (
      <Alert type="success" showIcon style={{ marginBottom: 12 }} message={`${a.year}年暂无评价预警`} data-testid="monitoring-alerts" />
    )
  const items = [
    a.droppedTwoOrMore.count > 0 && {
      key: 'drop',
      label: `较上年下降两类及以上：${a.droppedTwoOrMore.count} 家`,
      children: (
        <Table
          size="small"
          rowKey="enterpriseId"
          pagination={{ pageSize: 5, showSizeChanger: false }}
          dataSource={a.droppedTwoOrMore.rows}
          columns={[
            { title: '企业', dataIndex: 'name' },
            { title: '区县', dataIndex: 'countyName' },
            { title: '上年类别', dataIndex: 'lastClass', render: (v: string) => <AppraisalClassTag value={v} /> },
            { title: '本年类别', dataIndex: 'class', render: (v: string) => <AppraisalClassTag value={v} /> },
          ]}
        />
      ),
    },
    a.dShareOverQuota.length > 0 && {
      key: 'dshare',
      label: `按排名或分数线评为D类的企业超过D类比例：${a.dShareOverQuota.length} 个区县（亩均税收低于下限和一票否决的D类另列，不计入比较）`,
      children: (
        <Table
          size="small"
          rowKey="batchId"
          pagination={false}
          dataSource={a.dShareOverQuota}
          columns={[
            { title: '区县', dataIndex: 'countyName' },
            {
              title: '批次',
              key: 'b',
              render: (_, r) => (
                <>
                  第{r.version}版 <BatchStateTag state={r.state as BatchState} />
                </>
              ),
            },
            { title: '参评企业', dataIndex: 'total', align: 'right' as const },
            { title: 'D类合计', dataIndex: 'd', align: 'right' as const },
            { title: '其中按排名/分数线', dataIndex: 'dByRank', align: 'right' as const },
            { title: '比例允许', dataIndex: 'allowed', align: 'right' as const },
            { title: '亩均税收低于下限', dataIndex: 'dTaxFloor', align: 'right' as const },
            { title: '一票否决', dataIndex: 'dVeto', align: 'right' as const },
            { title: '按排名/分数线占比', dataIndex: 'share', align: 'right' as const, render: (v: number) => `${v.toFixed(2)} %` },
            { title: '模型D类比例', dataIndex: 'quota', align: 'right' as const, render: (v: number) => `${v} %` },
          ]}
        />
      ),
    },
    a.changedAfterPublicity.count > 0 && {
      key: 'changed',
      label: `公示后指标变动（非异议采纳）：${a.changedAfterPublicity.count} 项`,
      children: (
        <Table
          size="small"
          rowKey={(r) => `${r.batchId}-${r.enterpriseId}-${r.itemName}-${r.at}`}
          pagination={{ pageSize: 5, showSizeChanger: false }}
          dataSource={a.changedAfterPublicity.rows}
          columns={[
            { title: '企业', dataIndex: 'name' },
            { title: '批次状态', dataIndex: 'state', render: (v: string) => <BatchStateTag state={v as BatchState} /> },
            { title: '指标', dataIndex: 'itemName' },
            { title: '原值', dataIndex: 'oldValue', align: 'right' as const, render: (v: number | null) => v ?? '—' },
            { title: '新值', dataIndex: 'newValue', align: 'right' as const, render: (v: number | null) => v ?? '—' },
            { title: '原因', dataIndex: 'reason' },
            { title: '操作人', dataIndex: 'actor' },
            { title: '时间', dataIndex: 'at', render: (v: string) => v.slice(0, 16).replace('T', ' ') },
          ]}
        />
      ),
    },
  ].filter(Boolean) as { key: string; label: string; children: ReactNode }[]
  return (
    <Card
      size="small"
      title={<span style={{ color: '#b45309' }}>评价预警（{n}）</span>}
      style={{ marginBottom: 12 }}
      data-testid="monitoring-alerts"
    >
      <Collapse size="small" items={items} defaultActiveKey={[items[0]?.key]} />
    </Card>
  )
}

type Step = { label: string; regionCode?: string; parkId?: number }

/** 下钻: published classes by city, county, park, then the park's enterprises. */
export function AppraisalDrill({ year, regionCode }: { year?: number; regionCode?: string }) {
  const [path, setPath] = useState<Step[]>([{ label: '本级', regionCode }])
  const here = path[path.length - 1]
  const drill = useDrill({ year, regionCode: here.regionCode, parkId: here.parkId }, year !== undefined)
  const d = drill.data
  const go = (r: Drill['rows'][number]) => {
    if (r.level === 'enterprise') return
    const county = r.level === 'park' ? here.regionCode : r.key
    setPath([...path, { label: r.name, regionCode: county, parkId: r.level === 'park' ? Number(r.key) : undefined }])
  }
  const cls = ['A', 'B', 'C', 'D'] as const
  return (
    <Card
      size="small"
      title={`类别分布下钻（${year ?? ''}年，已发布结果）`}
      style={{ marginBottom: 16 }}
      data-testid="appraisal-drill"
      extra={
        path.length > 1 && (
          <Button size="small" onClick={() => setPath(path.slice(0, -1))}>
            返回上级
          </Button>
        )
      }
    >
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={path.map((p, i) => ({
          title:
            i < path.length - 1 ? (
              <a onClick={() => setPath(path.slice(0, i + 1))}>{i === 0 ? (d && path.length === 1 ? d.name : '本级') : p.label}</a>
            ) : i === 0 ? (
              (d?.name ?? '本级')
            ) : (
              p.label
            ),
        }))}
      />
      <Table
        size="small"
        rowKey={(r) => `${r.level}-${r.key}`}
        loading={drill.isFetching}
        dataSource={d?.rows ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        locale={{
          emptyText: drill.error ? `读取失败：${(drill.error as Error).message}` : '该范围内没有已发布的评价结果，请先在"评价结果"中发布',
        }}
        columns={
          d?.rows[0]?.level === 'enterprise'
            ? [
                { title: '企业', dataIndex: 'name' },
                { title: '类别', dataIndex: 'class', render: (v: string) => <AppraisalClassTag value={v} /> },
                {
                  title: '亩均税收',
                  dataIndex: 'taxPerMu',
                  align: 'right' as const,
                  render: (v: number | null) => indicatorValue('taxPerMu', v),
                },
              ]
            : [
                {
                  title: '区域 / 园区',
                  dataIndex: 'name',
                  render: (v: string, r) => (
                    <a onClick={() => go(r)} data-testid={`drill-${r.level}-${r.key}`}>
                      {v}
                    </a>
                  ),
                },
                { title: '参评企业（家）', dataIndex: 'total', align: 'right' as const },
                ...cls.map((c) => ({
                  title: `${c}类`,
                  key: c,
                  align: 'right' as const,
                  render: (_: unknown, r: Drill['rows'][number]) =>
                    c === 'D' && r.counts.D > 0 ? <Tag color="red">{r.counts.D}</Tag> : r.counts[c],
                })),
              ]
        }
      />
    </Card>
  )
}
