/**
 * 盘活处置 (/system/stock): one map of all 低效 and 闲置 land coloured by disposal state (未处置 /
 * 方案中 / 实施中 / 已完成) with its legend, a side panel of counts and areas by county and state,
 * the list under it; a click on a parcel (map or list) opens its 认定, 方案 and 处置 records with the
 * 闲置土地 forms. Filters (district, 低效/闲置, state, keyword) live in the URL; export as xlsx.
 */
import { Button, Card, Input, Select, Skeleton, Space, Table, Tag, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { STOCK_KINDS, type StockFilter, type StockRow } from '../../../../domain/contracts/stock'
import { formatFigureValue } from '../../../../domain/figures/format'
import { DISPOSAL_STATES, type DisposalState } from '../../../../domain/idle-land'
import { ExportButton } from '../../../ui/export-button'
import { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { RegionPicker } from '../../../widgets/region-picker'
import { useCanWrite } from '../../../widgets/use-can-write'
import { exportStock } from '../api/export-stock'
import { useStockMap } from '../api/get-map'
import { useStockStats } from '../api/get-stats'
import { useStockList } from '../api/list-stock'
import { CandidateModal } from '../components/candidate-modal'
import { StockDrawer } from '../components/stock-drawer'
import { StockMapView } from '../components/stock-map'
import { STATE_COLORS, stockLayerSpec } from '../components/stock-layer-spec'
import { StockPanel } from '../components/stock-panel'

const BODY_HEIGHT = 'max(520px, calc(100vh - 300px))'

/** 盘活处置 */
export function StockPage() {
  const { params, setFilters, onTableChange, pagination } = useListParams(['regionCode', 'keyword', 'kind', 'state'] as const)
  const f = params.filters
  const filter: StockFilter = useMemo(
    () => ({
      regionCode: f.regionCode,
      keyword: f.keyword,
      kind: f.kind as StockFilter['kind'],
      state: f.state as DisposalState | undefined,
    }),
    [f.regionCode, f.keyword, f.kind, f.state],
  )
  const stats = useStockStats(filter)
  const map = useStockMap(filter)
  const list = useStockList({
    ...filter,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField as 'areaMu' | undefined,
    sortOrder: params.sortOrder,
  })
  const spec = useMemo(() => (map.data ? stockLayerSpec(map.data) : null), [map.data])
  const [selected, setSelected] = useState<number | null>(null)
  const [candidates, setCandidates] = useState(false)
  const canWrite = useCanWrite('/system/stock')
  const set = (k: keyof StockFilter, v: string | undefined) => setFilters({ ...f, [k]: v })

  return (
    <ListShell
      title="盘活处置"
      intro="低效用地与闲置土地按处置状态着色；点击地块查看认定、方案和处置记录，闲置土地按《闲置土地处置办法》立案、下达文书、处置和登记土地闲置费"
      testId="stock-page"
      error={stats.error}
      onRetry={() => void stats.refetch()}
      toolbar={
        <Space wrap>
          <RegionPicker value={f.regionCode} onChange={(v) => set('regionCode', v)} testId="stock-region" />
          <Select
            allowClear
            placeholder="低效 / 闲置"
            style={{ width: 130 }}
            value={f.kind}
            onChange={(v) => set('kind', v)}
            options={STOCK_KINDS.map((k) => ({ value: k, label: k === '低效' ? '低效用地' : '闲置土地' }))}
            data-testid="stock-kind"
          />
          <Select
            allowClear
            placeholder="处置状态"
            style={{ width: 130 }}
            value={f.state}
            onChange={(v) => set('state', v)}
            options={DISPOSAL_STATES.map((s) => ({ value: s, label: s }))}
            data-testid="stock-state"
          />
          <Input.Search
            allowClear
            placeholder="宗地代码、地块或用地单位"
            defaultValue={f.keyword}
            onSearch={(v) => set('keyword', v || undefined)}
            style={{ width: 260 }}
            data-testid="stock-keyword"
          />
          <Button onClick={() => setCandidates(true)} data-testid="open-candidates">
            疑似闲置土地
          </Button>
          <ExportButton onExport={() => exportStock(filter)} testId="stock-export" disabled={!list.data?.total} />
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 12, height: BODY_HEIGHT }}>
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {spec ? (
            <StockMapView spec={spec} selected={selected} onPick={setSelected} />
          ) : map.error ? (
            <LoadError error={map.error} onRetry={() => void map.refetch()} />
          ) : (
            <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
          )}
          {spec && map.data && (
            <div
              data-testid="map-drawn"
              data-drawn={map.data.features.length}
              data-total={map.data.total}
              data-states={JSON.stringify(spec.counts)}
              style={{
                position: 'absolute',
                left: 12,
                top: 12,
                background: 'rgba(255,255,255,.9)',
                padding: '4px 8px',
                borderRadius: 4,
                fontSize: 12,
              }}
            >
              地图显示 {map.data.features.length} 宗
              {map.data.features.length < map.data.total
                ? `（共 ${map.data.total} 宗，显示面积最大的 ${map.data.features.length} 宗）`
                : ''}
            </div>
          )}
        </div>
        <Card size="small" style={{ width: 380, flex: 'none', overflow: 'auto' }}>
          {stats.data ? (
            <StockPanel stats={stats.data} onState={(s) => set('state', f.state === s ? undefined : s)} />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </div>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<StockRow>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="parcelId"
        data-testid="stock-list"
        dataSource={list.data?.list}
        loading={list.isFetching}
        onChange={onTableChange}
        pagination={pagination(list.data?.total)}
        locale={{ emptyText: emptyState(list.error ? '加载失败' : '没有符合条件的低效或闲置土地，可清除筛选条件或选择其他区域') }}
        onRow={(r) => ({ onClick: () => setSelected(r.parcelId), style: { cursor: 'pointer' } })}
        columns={[
          { title: '宗地代码', dataIndex: 'landCode', key: 'landCode' },
          { title: '地块', dataIndex: 'name', key: 'name' },
          { title: '区县', dataIndex: 'countyName', key: 'county' },
          { title: '类型', dataIndex: 'kind', key: 'kind' },
          {
            title: '处置状态',
            dataIndex: 'state',
            key: 'state',
            render: (s: DisposalState) => <Tag color={STATE_COLORS[s]}>{s}</Tag>,
          },
          { title: '处置方式', dataIndex: 'method', key: 'method', render: (v: string | null) => v ?? '—' },
          { title: '最新文书', dataIndex: 'lastDocument', key: 'doc', render: (v: string | null) => v ?? '—' },
          {
            title: '面积',
            dataIndex: 'areaMu',
            key: 'areaMu',
            sorter: true,
            render: (v: number) => formatFigureValue('stockAreaMu', v),
          },
          { title: '用地单位', dataIndex: 'enterpriseName', key: 'enterprise', render: (v: string | null) => v ?? '—' },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        处置状态：未处置（尚未拟订方案）、方案中（方案拟订、待下达处置决定书或待审核）、实施中、已完成。
      </Typography.Paragraph>
      <StockDrawer parcelId={selected} canWrite={canWrite} onClose={() => setSelected(null)} />
      <CandidateModal open={candidates} regionCode={f.regionCode} canWrite={canWrite} onClose={() => setCandidates(false)} />
    </ListShell>
  )
}
