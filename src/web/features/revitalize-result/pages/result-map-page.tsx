/**
 * 成效地图 (/land/result/resultMap, docs/product.md §2): the parcels of the done plans coloured by
 * 盘活方式 with its legend, a year filter (all years by default), a side panel of plans per method,
 * and a click on a parcel (map or panel) opening its plan's effects before and after.
 */
import { Card, Descriptions, Drawer, Empty, List, Select, Skeleton, Space, Tag, Typography } from 'antd'
import { useMemo, useState } from 'react'
import type { EffectMapFeature } from '../../../../domain/contracts/revitalize'
import { formatFigureValue } from '../../../../domain/figures/format'
import { PLAN_METHODS } from '../../../../domain/revitalize'
import { todayInProductZone } from '../../../../domain/today'
import { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { useEffectSummary } from '../api/get-effect'
import { usePhMap } from '../api/get-ph-map'
import { METHOD_COLORS } from '../components/effect-colors'
import { EffectFacts } from '../components/effect-facts'
import { effectLayerSpec } from '../components/effect-layer-spec'
import { EffectMapView } from '../components/effect-map'

const BODY_HEIGHT = 'max(520px, calc(100vh - 230px))'
const thisYear = () => Number(todayInProductZone().slice(0, 4))

/** 成效地图 */
export function ResultMapPage() {
  const { params, setFilters } = useListParams(['year'] as const)
  const year = params.filters.year ? Number(params.filters.year) : undefined
  const map = usePhMap(year)
  // the years that have done plans, for the filter
  const years = useEffectSummary({ year: thisYear() })
  const yearOptions = useMemo(() => {
    const all = new Set([thisYear(), ...(year ? [year] : []), ...(years.data?.byYear.map((y) => y.year) ?? [])])
    return [...all].sort((a, b) => b - a).map((y) => ({ value: y, label: `${y}年` }))
  }, [years.data, year])
  const spec = useMemo(() => (map.data ? effectLayerSpec(map.data) : null), [map.data])
  const [selected, setSelected] = useState<number | null>(null)
  const picked: EffectMapFeature | undefined = selected && spec ? spec.byParcel.get(selected) : undefined
  const plans = useMemo(() => {
    const seen = new Map<number, EffectMapFeature>()
    for (const f of map.data?.features ?? []) if (!seen.has(f.planId)) seen.set(f.planId, f)
    return [...seen.values()].sort((a, b) => b.completedDate.localeCompare(a.completedDate))
  }, [map.data])

  return (
    <ListShell
      title="成效地图"
      intro="已办结盘活方案的地块按盘活方式着色；点击地块或右侧方案查看盘活前后的成效"
      testId="result-map-page"
      toolbar={
        <Space wrap>
          <Select<number>
            allowClear
            aria-label="办结年度"
            placeholder="全部年度"
            style={{ width: 130 }}
            value={year}
            onChange={(v) => {
              setSelected(null)
              setFilters({ year: v })
            }}
            options={yearOptions}
            data-testid="result-map-year"
          />
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 12, height: BODY_HEIGHT }}>
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {spec ? (
            <EffectMapView spec={spec} selected={selected} onPick={setSelected} />
          ) : map.error ? (
            <LoadError error={map.error} onRetry={() => void map.refetch()} />
          ) : (
            <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
          )}
          {spec && (
            <div
              data-testid="result-map-drawn"
              data-plans={spec.planCount}
              data-parcels={spec.fill.features.length}
              style={{
                position: 'absolute',
                left: 12,
                top: 12,
                background: 'rgba(255,255,255,.92)',
                padding: '4px 8px',
                borderRadius: 4,
                fontSize: 12,
              }}
            >
              {year ? `${year}年` : '历年'}办结方案 {spec.planCount} 个，地块 {spec.fill.features.length} 宗
            </div>
          )}
        </div>
        <Card size="small" title="各盘活方式" style={{ width: 340, flex: 'none', overflow: 'auto' }}>
          {spec ? (
            <>
              <Descriptions size="small" column={1} data-testid="result-map-methods">
                {PLAN_METHODS.filter((m) => spec.plans[m] > 0).map((m) => (
                  <Descriptions.Item key={m} label={<Tag color={METHOD_COLORS[m]}>{m}</Tag>}>
                    {spec.plans[m]} 个方案
                  </Descriptions.Item>
                ))}
              </Descriptions>
              <Typography.Title level={5} style={{ marginTop: 8 }}>
                已办结方案
              </Typography.Title>
              <List
                size="small"
                data-testid="result-map-plans"
                dataSource={plans}
                locale={{ emptyText: emptyState(year ? `${year}年没有办结的盘活方案，可清除年度查看历年` : '还没有办结的盘活方案') }}
                pagination={plans.length > 8 ? { pageSize: 8, size: 'small', simple: true } : false}
                renderItem={(p) => (
                  <List.Item style={{ cursor: 'pointer' }} onClick={() => setSelected(p.parcelId)}>
                    <List.Item.Meta
                      title={
                        <span>
                          <Tag color={METHOD_COLORS[p.method]}>{p.method}</Tag>
                          {p.planName}
                        </span>
                      }
                      description={`${p.completedDate} 办结 · 腾出 ${formatFigureValue('freedAreaMu', p.effects.freedAreaMu)}`}
                    />
                  </List.Item>
                )}
              />
            </>
          ) : map.error ? (
            <Empty description="加载失败，请重试" />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </div>
      <Drawer open={!!picked} size={480} title="盘活前后成效" onClose={() => setSelected(null)} destroyOnHidden>
        {picked && (
          <div data-testid="result-drawer">
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="方案">{picked.planName}</Descriptions.Item>
              <Descriptions.Item label="盘活方式">
                <Tag color={METHOD_COLORS[picked.method]}>{picked.method}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="地块">
                {picked.name}（{picked.landCode}）
              </Descriptions.Item>
              <Descriptions.Item label="办结日期">{picked.completedDate}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>盘活前后</Typography.Title>
            <EffectFacts effects={picked.effects} />
          </div>
        )}
      </Drawer>
    </ListShell>
  )
}
