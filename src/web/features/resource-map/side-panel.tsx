/**
 * 资源云图 side panel: the statistics of the district chosen in the picker (parcels, area 亩,
 * enterprises, tax) and the search box with its paged results; a result flies the map to it.
 */
import { useState } from 'react'
import { Alert, Input, List, Segmented, Spin, Statistic, Tag } from 'antd'
import styled from 'styled-components'
import type { SearchBody, SearchHit, TagItem } from '../../../domain/contracts/map'
import { FigureLabel } from '../../ui/figure-tip'
import { useStatistics } from './api/query-statistics'
import { useSearch } from './api/search'

const Box = styled.aside`
  position: absolute;
  top: 56px;
  left: 12px;
  bottom: 12px;
  width: 300px;
  z-index: 4;
  display: flex;
  flex-direction: column;
  gap: 8px;
  pointer-events: none;
  & > * {
    pointer-events: auto;
    background: #fff;
    border-radius: 4px;
    box-shadow: 0 2px 10px rgba(0, 0, 0, 0.15);
    padding: 10px 12px;
  }
`
const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  .ant-statistic-content {
    font-size: 18px;
  }
`

/** Props of {@link SidePanel}. */
export interface SidePanelProps {
  region: TagItem[]
  within: SearchBody['geometry']
  onClearWithin: () => void
  onHit: (hit: SearchHit) => void
}

/** The panel. */
export function SidePanel({ region, within, onClearWithin, onHit }: SidePanelProps) {
  const code = region[region.length - 1].code
  const stats = useStatistics(code)
  const [keyword, setKeyword] = useState('')
  const [kind, setKind] = useState<'all' | 'parcel' | 'enterprise'>('all')
  const [page, setPage] = useState(1)
  const body: SearchBody | null = keyword || within ? { keyword, geometry: within ?? null, kind, page, pageSize: 10 } : null
  const result = useSearch(body)
  return (
    <Box data-testid="core-side-panel">
      <section data-testid="core-stats">
        <div style={{ fontWeight: 600, marginBottom: 6 }}>
          {region.map((t) => t.name).join(' / ')} {stats.data?.year ? <Tag>{stats.data.year}年</Tag> : null}
        </div>
        {stats.isLoading ? (
          <Spin />
        ) : stats.error ? (
          <Alert type="error" title={(stats.error as Error).message} />
        ) : (
          <Grid>
            {/* the catalogue's figures of the latest year, each with its 口径 on hover */}
            <Statistic
              title={<FigureLabel figure="parcelCount" label="地块数(宗)" />}
              value={stats.data?.parcels ?? 0}
              data-testid="stat-parcels"
            />
            <Statistic
              title={<FigureLabel figure="landAreaMu" label="用地面积(亩)" />}
              value={stats.data?.areaMu ?? 0}
              precision={2}
              data-testid="stat-area"
            />
            <Statistic
              title={<FigureLabel figure="landEnterpriseCount" label="用地企业数(家)" />}
              value={stats.data?.enterprises ?? 0}
              data-testid="stat-enterprises"
            />
            <Statistic
              title={<FigureLabel figure="tax" label="实缴税金(万元)" />}
              value={stats.data?.tax ?? 0}
              precision={2}
              data-testid="stat-tax"
            />
          </Grid>
        )}
      </section>
      <section style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Input.Search
          placeholder="地块名称、宗地代码、企业名称或信用代码"
          allowClear
          data-testid="core-search"
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage(1)
          }}
        />
        <Segmented
          size="small"
          style={{ margin: '6px 0' }}
          value={kind}
          onChange={(v) => {
            setKind(v as typeof kind)
            setPage(1)
          }}
          options={[
            { label: '全部', value: 'all' },
            { label: '地块', value: 'parcel' },
            { label: '企业', value: 'enterprise' },
          ]}
        />
        {within && (
          <Tag closable onClose={onClearWithin} color="cyan">
            在绘制范围内检索
          </Tag>
        )}
        <div style={{ flex: 1, overflow: 'auto' }}>
          {body && (
            <List
              size="small"
              data-testid="core-results"
              loading={result.isLoading}
              locale={{ emptyText: result.error ? (result.error as Error).message : '没有找到匹配的地块或企业' }}
              dataSource={result.data?.list ?? []}
              pagination={
                result.data && result.data.total > 10
                  ? { current: page, pageSize: 10, total: result.data.total, size: 'small', onChange: setPage, showSizeChanger: false }
                  : false
              }
              renderItem={(h) => (
                <List.Item style={{ cursor: 'pointer' }} onClick={() => onHit(h)} data-testid="core-result">
                  <List.Item.Meta
                    title={
                      <>
                        <Tag color={h.kind === 'parcel' ? 'green' : 'blue'}>{h.kind === 'parcel' ? '地块' : '企业'}</Tag>
                        {h.name}
                      </>
                    }
                    description={h.code}
                  />
                </List.Item>
              )}
            />
          )}
        </div>
      </section>
    </Box>
  )
}
