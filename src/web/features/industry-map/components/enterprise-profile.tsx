/**
 * 企业档案: where the enterprise is and the parcels it holds on the map, its attributes with the
 * chosen year's 亩均税收 and 评价类别, its parcels (each opens its 地块档案) and its yearly figures.
 */
import { useQueries } from '@tanstack/react-query'
import { Descriptions, Table, Tag, Typography } from 'antd'
import type { Feature, FeatureCollection } from 'geojson'
import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { industryName } from '../../../../domain/codes/industry'
import { m2ToMu } from '../../../../domain/codes/units'
import type { EnterpriseReportRow } from '../../../../domain/contracts/statistical-report'
import { GeoJsonLayer } from '../../../map/geojson-layer'
import { RecordMap } from '../../../map/record-map'
import { useEnterprise, type EnterpriseDetail } from '../../../core/calls/query-enterprise'
import { useByValue } from '../../../core/use-by-value'
import { queryParcel } from '../../../core/calls/query-parcel'
import { STATUS_COLORS } from '../../../ui/parcel-status'
import { useEnterpriseList } from '../api/list-enterprises'
import { AppraisalTag } from './enterprise-list'
import { figure, named, text } from './profile-format'
import { useRouteLink } from '../../../widgets/use-route-link'
import { ProfileHead, ProfileState, Section } from './profile-parts'
import { YearlyFigures } from './yearly-figures'

/** The map draws the shapes of at most this many parcels (one detail call each). */
const MAX_SHAPES = 20

type HeldParcel = EnterpriseDetail['parcels'][number]

/** The enterprise's location, and the location with the shapes of its parcels (what the map fits). */
function useHoldings(detail: EnterpriseDetail | undefined): { location: FeatureCollection | null; holdings: FeatureCollection | null } {
  const ids = (detail?.parcels ?? []).slice(0, MAX_SHAPES).map((p) => p.id)
  // the same cache as the parcel profile: a parcel opened from here is already loaded
  const details = useQueries({ queries: ids.map((id) => ({ queryKey: ['cloudChart', 'parcel', id], queryFn: () => queryParcel(id) })) })
  const arrived = details.map((d) => d.data?.parcel).filter((p) => p !== undefined)
  // the loaded parcels are named by their ids
  const loaded = useByValue(arrived, arrived.map((p) => p.id).join(','))
  const e = detail?.enterprise
  return useMemo(() => {
    const point: Feature[] =
      e && e.lng !== null && e.lat !== null
        ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: [Number(e.lng), Number(e.lat)] }, properties: {} }]
        : []
    const shapes: Feature[] = loaded.map((p) => ({ type: 'Feature', geometry: p.geometry, properties: { id: p.id } }))
    return {
      location: point.length ? { type: 'FeatureCollection', features: point } : null,
      holdings: point.length + shapes.length ? { type: 'FeatureCollection', features: [...point, ...shapes] } : null,
    }
  }, [e, loaded])
}

/** The profile of enterprise `id`. */
export function EnterpriseProfile({ id }: { id: number }) {
  const q = useEnterprise(id)
  const [sp] = useSearchParams()
  const year = Number(sp.get('year')) || undefined
  const creditCode = q.data?.enterprise.credit_code ?? ''
  // 园区 and the year's 亩均 figures come from the enterprise's row of the list
  const report = useEnterpriseList({ keyword: creditCode, year, pageSize: 5 }, creditCode !== '').data
  const { location, holdings } = useHoldings(q.data)
  const e = q.data?.enterprise
  // the map keeps its place in the tree, so choosing another enterprise keeps the engine and
  // only changes the shapes
  return (
    <article data-testid="enterprise-profile" data-id={id} data-loaded={e ? 'true' : 'false'}>
      {q.error ? (
        <ProfileState loading={false} error={q.error} />
      ) : e ? (
        <ProfileHead
          title={e.name}
          tags={
            <>
              <Tag>{text(e.status)}</Tag>
              <Typography.Text copyable type="secondary">
                {e.credit_code}
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <RecordMap height={300} testId="enterprise-map">
        {/* the view fits the location and the parcels together; the location's blue marker lies under the red one */}
        <GeoJsonLayer data={holdings} color="#1d4e9e" kind="outline" width={2} zIndex={24} fitMaxZoom={16} />
        <GeoJsonLayer data={location} color="#c8161d" kind="fill" zIndex={28} />
      </RecordMap>
      {q.data ? (
        <EnterpriseFacts detail={q.data} year={report?.year} row={report?.page.list.find((r) => r.creditCode === creditCode)} />
      ) : (
        !q.error && <ProfileState loading error={null} />
      )}
    </article>
  )
}

/** Attributes, parcels and yearly figures of a loaded enterprise. */
function EnterpriseFacts({ detail, year, row }: { detail: EnterpriseDetail; year?: number; row?: EnterpriseReportRow }) {
  const link = useRouteLink()
  const { enterprise: e, parcels, yearly } = detail
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12 }}>
        红点：企业位置；蓝色边框：其使用的地块{parcels.length > MAX_SHAPES ? `（仅绘出前 ${MAX_SHAPES} 宗）` : ''}。
      </Typography.Paragraph>
      <Section title="企业信息">
        <Descriptions
          size="small"
          column={2}
          bordered
          data-testid="enterprise-attributes"
          styles={{ label: { width: 146, whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="企业名称" span={2}>
            {e.name}
          </Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码" span={2}>
            <span data-testid="profile-credit-code">{e.credit_code}</span>
          </Descriptions.Item>
          <Descriptions.Item label="行业" span={2}>
            {named(e.industry_code, industryName)}
          </Descriptions.Item>
          <Descriptions.Item label="规模">{text(e.scale)}</Descriptions.Item>
          <Descriptions.Item label="经营状态">{text(e.status)}</Descriptions.Item>
          <Descriptions.Item label="法定代表人">{text(e.legal_person)}</Descriptions.Item>
          <Descriptions.Item label="成立日期">{text(e.established_date)}</Descriptions.Item>
          <Descriptions.Item label="注册资本">{figure(e.registered_capital, 2, ' 万元')}</Descriptions.Item>
          <Descriptions.Item label="从业人员">{figure(e.employees, 0, ' 人')}</Descriptions.Item>
          <Descriptions.Item label="区县">{text(e.county_name)}</Descriptions.Item>
          <Descriptions.Item label="园区">{text(row?.parkName)}</Descriptions.Item>
          <Descriptions.Item label="地址" span={2}>
            {text(e.address)}
          </Descriptions.Item>
          <Descriptions.Item label={`${year ?? ''}年亩均税收`}>{figure(row?.taxPerMu, 2, ' 万元/亩')}</Descriptions.Item>
          <Descriptions.Item label={`${year ?? ''}年评价类别`}>{row ? <AppraisalTag value={row.appraisalClass} /> : '—'}</Descriptions.Item>
        </Descriptions>
      </Section>
      <Section
        title={
          <>
            使用地块（<span data-testid="enterprise-parcel-count">{parcels.length}</span> 宗）
          </>
        }
      >
        <Table<HeldParcel>
          data-testid="enterprise-parcels"
          rowKey="id"
          size="small"
          pagination={parcels.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={parcels}
          locale={{ emptyText: '该企业名下没有地块' }}
          columns={[
            {
              title: '宗地代码',
              dataIndex: 'land_code',
              render: (code: string, p) => {
                const href = link('/system/IndustryMap/Dkxx', { id: p.id })
                return href ? <Link to={href}>{code}</Link> : code
              },
            },
            { title: '地块名称', dataIndex: 'name' },
            { title: '面积(亩)', dataIndex: 'area_m2', align: 'right', width: 100, render: (m2: number) => figure(m2ToMu(m2), 2) },
            { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => <Tag color={STATUS_COLORS[s]}>{s}</Tag> },
          ]}
        />
      </Section>
      <Section title="年度指标">
        <YearlyFigures rows={yearly} emptyText="该企业暂无年度指标" />
      </Section>
    </>
  )
}
