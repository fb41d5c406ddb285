/**
 * 同比 of 评价结果: the published classes of a base year against a year in the chosen region — each
 * class's count in both years, how many moved up, stayed, moved down, entered or left, the migration
 * matrix, and the catalogue's enterprise figures of both years with their change.
 */
import { Alert, Modal, Select, Space, Table, Typography } from 'antd'
import { useState } from 'react'
import { formatFigureValue } from '../../../../domain/figures/format'
import type { FigureKey } from '../../../../domain/figures/catalogue'
import { useYears } from '../../../widgets/use-years'
import { useCompare, type Compare } from '../api/appraisal-api'

const CLASSES = ['A', 'B', 'C', 'D'] as const

/** The 同比 dialog of `year` in `regionCode`. */
export function YearCompareModal({
  open,
  year,
  regionCode,
  onClose,
}: {
  open: boolean
  year?: number
  regionCode?: string
  onClose: () => void
}) {
  const years = useYears()
  const [base, setBase] = useState<number | undefined>(undefined)
  const b = base !== undefined && year !== undefined && base < year ? base : year !== undefined ? year - 1 : undefined
  const q = useCompare({ year, base: b, regionCode }, open && year !== undefined)
  const d = q.data
  const options = (years.data?.years ?? []).filter((y) => year === undefined || y < year).map((y) => ({ value: y, label: `${y}年` }))
  return (
    <Modal
      title={`亩均效益评价同比（${b ?? ''}年 → ${year ?? ''}年）`}
      open={open}
      onCancel={onClose}
      footer={null}
      width={980}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <span>对比年度</span>
        <Select aria-label="对比年度" style={{ width: 120 }} value={b} onChange={setBase} options={options} data-testid="compare-base" />
        <Typography.Text type="secondary">两年均取已发布的评价结果</Typography.Text>
      </Space>
      {q.error && <Alert type="error" showIcon message={`同比加载失败：${(q.error as Error).message}`} />}
      {d && <CompareBody d={d} />}
    </Modal>
  )
}

function CompareBody({ d }: { d: Compare }) {
  const total = (c: Record<string, number>) => CLASSES.reduce((s, k) => s + (c[k] ?? 0), 0)
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="year-compare">
      {total(d.counts.year) + total(d.counts.base) === 0 && (
        <Alert type="info" showIcon message="两个年度都没有已发布的评价结果：请先在本页完成试算、公示和发布" />
      )}
      <Table
        size="small"
        rowKey="year"
        pagination={false}
        data-testid="compare-counts"
        dataSource={[
          { year: `${d.base}年`, ...d.counts.base, total: total(d.counts.base) },
          { year: `${d.year}年`, ...d.counts.year, total: total(d.counts.year) },
        ]}
        columns={[
          { title: '年度', dataIndex: 'year' },
          ...CLASSES.map((c) => ({ title: `${c}类`, dataIndex: c, align: 'right' as const })),
          { title: '合计', dataIndex: 'total', align: 'right' },
        ]}
      />
      <Typography.Text data-testid="compare-moves">
        上升 {d.moves.up} 家，持平 {d.moves.same} 家，下降 {d.moves.down} 家（其中下降两类及以上 {d.alerts.droppedTwoOrMore} 家），新参评{' '}
        {d.moves.entered} 家，不再参评 {d.moves.left} 家
      </Typography.Text>
      <Table
        size="small"
        rowKey="from"
        pagination={false}
        data-testid="compare-matrix"
        dataSource={d.matrix}
        columns={[
          { title: `${d.base}年 → ${d.year}年`, dataIndex: 'from', render: (f: string) => (f === '新参评' ? f : `${f}类`) },
          ...CLASSES.map((c) => ({
            title: `${c}类`,
            key: c,
            align: 'right' as const,
            render: (_: unknown, r: Compare['matrix'][number]) => r.to[c],
          })),
          { title: '不再参评', dataIndex: 'left', align: 'right' },
        ]}
      />
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        data-testid="compare-figures"
        dataSource={d.figures}
        columns={[
          { title: '指标', dataIndex: 'name' },
          { title: `${d.base}年`, key: 'base', align: 'right', render: (_, f) => formatFigureValue(f.key as FigureKey, f.base) },
          { title: `${d.year}年`, key: 'year', align: 'right', render: (_, f) => formatFigureValue(f.key as FigureKey, f.year) },
          {
            title: '变化',
            key: 'change',
            align: 'right',
            render: (_, f) =>
              f.change === null
                ? '—'
                : `${f.change > 0 ? '+' : ''}${formatFigureValue(f.key as FigureKey, f.change)}${f.rate === null ? '' : `（${f.rate > 0 ? '+' : ''}${f.rate}%）`}`,
          },
        ]}
      />
    </Space>
  )
}
