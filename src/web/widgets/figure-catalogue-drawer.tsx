/**
 * 口径说明: a drawer listing the figures catalogue as the server answers it (GET
 * /api/figures/catalogue) — each figure's name, unit, what it counts and its 口径 — opened from
 * the app header, so a leader can read how every number on a page is counted.
 */
import { Alert, Drawer, Input, Table, Tag } from 'antd'
import { useMemo, useState } from 'react'
import type { CatalogueEntry } from '../../domain/figures/listing'
import { useFigureCatalogue } from './use-figure-catalogue'

/** How each kind of as-of reads in the catalogue (the figure itself says 截至今日 / 截至 2024 年末 / 2025 年度). */
const AS_OF_KIND = { today: '截至今日', yearEnd: '截至今日或所选年度年末', year: '所选年度' } as const

/** The drawer; it asks for the catalogue only once opened. */
export function FigureCatalogueDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const q = useFigureCatalogue(open)
  const [keyword, setKeyword] = useState('')
  const rows = useMemo(
    () =>
      (q.data ?? []).filter((e) => !keyword || e.name.includes(keyword) || e.caliber.includes(keyword) || e.population.includes(keyword)),
    [q.data, keyword],
  )
  return (
    <Drawer title="口径说明" open={open} onClose={onClose} size={760} destroyOnHidden>
      <div data-testid="figure-catalogue">
        <p style={{ marginTop: 0 }}>
          页面、大屏、报表与导出中的每个数字都出自下面的一条口径；年度数字按该年末的用地与当年企业指标计算，只在显示时取整。
        </p>
        <Input.Search allowClear placeholder="查找指标" onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 12 }} />
        {q.isError && <Alert type="error" showIcon title={`口径加载失败：${(q.error as Error).message}`} />}
        <Table<CatalogueEntry>
          rowKey="key"
          size="small"
          loading={q.isLoading}
          pagination={false}
          dataSource={rows}
          columns={[
            { title: '指标', dataIndex: 'name', width: 150, render: (v: string, e) => <span data-testid={`catalogue-${e.key}`}>{v}</span> },
            { title: '单位', dataIndex: 'unit', width: 90 },
            {
              title: '口径',
              dataIndex: 'caliber',
              render: (v: string, e) => (
                <>
                  <div>{v}</div>
                  {e.numerator && e.denominator && (
                    <div style={{ color: '#666' }}>
                      = {e.numerator.name}（{e.numerator.unit}）÷ {e.denominator.name}（{e.denominator.unit}）
                    </div>
                  )}
                </>
              ),
            },
            {
              title: '计入范围',
              dataIndex: 'population',
              width: 130,
              render: (v: string, e) => (
                <>
                  <div>{v}</div>
                  <Tag>{AS_OF_KIND[e.asOf]}</Tag>
                </>
              ),
            },
          ]}
        />
      </div>
    </Drawer>
  )
}
