/**
 * 资源云图 detail drawer: parcel attributes, the owner enterprise, its yearly figures chart and
 * the parcel's zone shapes; or an enterprise with its parcels and figures.
 */
import { Descriptions, Drawer, Empty, Spin, Table, Tag } from 'antd'
import { useMemo } from 'react'
import { industryName } from '../../../domain/codes/industry'
import { landUseName } from '../../../domain/codes/land-use'
import { EChartsHost } from '../../charts/echarts-host'
import { useEnterprise } from '../../core/calls/query-enterprise'
import { useParcel, type YearlyRow } from '../../core/calls/query-parcel'
import { useParcelZones } from './api/query-zones'
import { zonesSummary } from './zone-inputs'
import { buildYearlyOption } from '../../charts/build-yearly-option'
import { muOf, STATUS_COLORS } from '../../ui/parcel-status'
import { DETAIL_DRAWER_WIDTH } from './screen-layout'

/** What the drawer shows. */
export type DetailTarget = { kind: 'parcel' | 'enterprise'; id: number } | null

const v = (x: unknown) => (x === null || x === undefined || x === '' ? '—' : String(x))
/** A code with its name (0601 工业用地, C39 计算机、通信…), so a reader needs no code table. */
const named = (code: string | number | null | undefined, nameOf: (c: string) => string | undefined) =>
  code ? [String(code), nameOf(String(code))].filter(Boolean).join(' ') : '—'

function Yearly({ rows }: { rows: YearlyRow[] }) {
  const option = useMemo(() => buildYearlyOption(rows), [rows])
  return rows.length ? (
    <div style={{ height: 220 }}>
      <EChartsHost option={option} testId="yearly-chart" />
    </div>
  ) : (
    <Empty description="暂无年度指标" />
  )
}

function ParcelBody({ id }: { id: number }) {
  const q = useParcel(id)
  const zones = useParcelZones(id)
  if (q.isLoading) return <Spin />
  if (q.error || !q.data) return <Empty description={q.error ? String((q.error as Error).message) : '无数据'} />
  const { parcel: p, enterprise: e, yearly } = q.data
  return (
    <>
      <Descriptions size="small" column={2} bordered title="地块属性" data-testid="parcel-attributes">
        <Descriptions.Item label="宗地代码" span={2}>
          {p.land_code}
        </Descriptions.Item>
        <Descriptions.Item label="地块名称" span={2}>
          {p.name}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLORS[p.status]}>{p.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="面积(亩)">{muOf(p.area_m2)}</Descriptions.Item>
        <Descriptions.Item label="地类">{named(p.land_use_code, landUseName)}</Descriptions.Item>
        <Descriptions.Item label="容积率">{v(p.plot_ratio)}</Descriptions.Item>
        <Descriptions.Item label="供地方式">{v(p.supply_method)}</Descriptions.Item>
        <Descriptions.Item label="供地日期">{v(p.supply_date)}</Descriptions.Item>
        <Descriptions.Item label="所在区县">{v(p.county_name)}</Descriptions.Item>
        <Descriptions.Item label="坐落">{v(p.location_desc)}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={1} bordered title="用地单位" style={{ marginTop: 16 }} data-testid="parcel-owner">
        {e ? (
          <>
            <Descriptions.Item label="企业名称">{e.name}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{e.credit_code}</Descriptions.Item>
            <Descriptions.Item label="行业">{named(e.industry_code, industryName)}</Descriptions.Item>
            <Descriptions.Item label="规模">{v(e.scale)}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="企业">未关联用地单位</Descriptions.Item>
        )}
      </Descriptions>
      <h4 style={{ margin: '16px 0 8px' }}>年度指标</h4>
      <Yearly rows={yearly} />
      <h4 style={{ margin: '16px 0 8px' }}>图形</h4>
      <div data-testid="parcel-zones">
        {zones.error
          ? `图形读取失败：${(zones.error as Error).message}`
          : zones.data
            ? `${zonesSummary(zones.data)}（用地图上的“图形开关”查看）`
            : '正在读取图形…'}
      </div>
    </>
  )
}

function EnterpriseBody({ id }: { id: number }) {
  const q = useEnterprise(id)
  if (q.isLoading) return <Spin />
  if (q.error || !q.data) return <Empty description={q.error ? String((q.error as Error).message) : '无数据'} />
  const { enterprise: e, parcels, yearly } = q.data
  return (
    <>
      <Descriptions size="small" column={1} bordered title="企业信息" data-testid="enterprise-attributes">
        <Descriptions.Item label="企业名称">{e.name}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{e.credit_code}</Descriptions.Item>
        <Descriptions.Item label="行业">{named(e.industry_code, industryName)}</Descriptions.Item>
        <Descriptions.Item label="规模">{v(e.scale)}</Descriptions.Item>
        <Descriptions.Item label="状态">{v(e.status)}</Descriptions.Item>
        <Descriptions.Item label="所在区县">{v(e.county_name)}</Descriptions.Item>
      </Descriptions>
      <h4 style={{ margin: '16px 0 8px' }}>使用地块</h4>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={parcels}
        columns={[
          { title: '宗地代码', dataIndex: 'land_code' },
          { title: '面积(亩)', dataIndex: 'area_m2', render: (m: number) => muOf(m) },
          { title: '状态', dataIndex: 'status' },
        ]}
      />
      <h4 style={{ margin: '16px 0 8px' }}>年度指标</h4>
      <Yearly rows={yearly} />
    </>
  )
}

/** The drawer. */
export function DetailDrawer({ target, onClose }: { target: DetailTarget; onClose: () => void }) {
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={DETAIL_DRAWER_WIDTH}
      title={target?.kind === 'enterprise' ? '企业详情' : '地块详情'}
      data-testid="detail-drawer"
      destroyOnHidden
    >
      {target?.kind === 'parcel' && <ParcelBody id={target.id} />}
      {target?.kind === 'enterprise' && <EnterpriseBody id={target.id} />}
    </Drawer>
  )
}
