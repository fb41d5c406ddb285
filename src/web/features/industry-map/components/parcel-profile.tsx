/**
 * 地块档案: the parcel's shape on the map, its attributes (codes with their names, 亩, dates of
 * supply and building), its holder enterprise and the holder's yearly figures.
 */
import { Descriptions, Tag, Typography } from 'antd'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { industryName } from '../../../../domain/codes/industry'
import { landUseName, planningUseName } from '../../../../domain/codes/land-use'
import { m2ToMu } from '../../../../domain/codes/units'
import { GeoJsonLayer, featuresOf } from '../../../map/geojson-layer'
import { RecordMap } from '../../../map/record-map'
import { useParcel, type ParcelDetail } from '../../../core/calls/query-parcel'
import { STATUS_COLORS } from '../../../ui/parcel-status'
import { useParcelList } from '../api/list-parcels'
import { figure, named, text } from './profile-format'
import { useRouteLink } from '../../../widgets/use-route-link'
import { ProfileHead, ProfileState, Section } from './profile-parts'
import { YearlyFigures } from './yearly-figures'

/** The profile of parcel `id`. */
export function ParcelProfile({ id }: { id: number }) {
  const q = useParcel(id)
  const link = useRouteLink()
  const landCode = q.data?.parcel.land_code ?? ''
  // 园区 is not part of the detail: it comes from the parcel's row of the list
  const row = useParcelList({ keyword: landCode, pageSize: 5 }, landCode !== '').data?.list.find((r) => r.landCode === landCode)
  const shape = useMemo(() => featuresOf(q.data?.parcel.geometry), [q.data])
  const p = q.data?.parcel
  const e = q.data?.enterprise
  const holderHref = e ? link('/system/IndustryMap/Yddw', { id: e.id }) : undefined
  // the map keeps its place in the tree, so choosing another parcel keeps the engine and only
  // changes the shape
  return (
    <article data-testid="parcel-profile" data-id={id} data-loaded={p ? 'true' : 'false'}>
      {q.error ? (
        <ProfileState loading={false} error={q.error} />
      ) : p ? (
        <ProfileHead
          title={p.name}
          tags={
            <>
              <Tag color={STATUS_COLORS[p.status]}>{p.status}</Tag>
              <Typography.Text copyable type="secondary">
                {p.land_code}
              </Typography.Text>
            </>
          }
          extra={holderHref && <Link to={holderHref}>查看用地单位档案</Link>}
        />
      ) : null}
      <RecordMap height={320} testId="parcel-map">
        <GeoJsonLayer data={shape} color={(p && STATUS_COLORS[p.status]) ?? '#1677ff'} kind="fill" zIndex={22} />
        <GeoJsonLayer data={shape} color="#1d4e9e" kind="outline" width={2} zIndex={24} fitMaxZoom={16} />
      </RecordMap>
      {p && q.data ? (
        <ParcelFacts detail={q.data} parkName={row?.parkName ?? null} holderHref={holderHref} />
      ) : (
        !q.error && <ProfileState loading error={null} />
      )}
    </article>
  )
}

/** Attributes, holder and yearly figures of a loaded parcel. */
function ParcelFacts({ detail, parkName, holderHref }: { detail: ParcelDetail; parkName: string | null; holderHref?: string }) {
  const { parcel: p, enterprise: e, yearly } = detail
  return (
    <>
      <Section title="地块属性">
        <Descriptions
          size="small"
          column={2}
          bordered
          data-testid="parcel-attributes"
          styles={{ label: { width: 146, whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="宗地代码" span={2}>
            <span data-testid="profile-land-code">{p.land_code}</span>
          </Descriptions.Item>
          <Descriptions.Item label="地块名称" span={2}>
            {p.name}
          </Descriptions.Item>
          <Descriptions.Item label="地类">{named(p.land_use_code, landUseName)}</Descriptions.Item>
          <Descriptions.Item label="规划用途">{named(p.planning_use_code, planningUseName)}</Descriptions.Item>
          <Descriptions.Item label="面积(亩)">
            <span data-testid="profile-area">{figure(m2ToMu(p.area_m2), 2)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="状态">{p.status}</Descriptions.Item>
          <Descriptions.Item label="容积率">{figure(p.plot_ratio, 2)}</Descriptions.Item>
          <Descriptions.Item label="建筑密度">{figure(p.building_density, 1, '%')}</Descriptions.Item>
          <Descriptions.Item label="供地日期">{text(p.supply_date)}</Descriptions.Item>
          <Descriptions.Item label="供地方式">{text(p.supply_method)}</Descriptions.Item>
          <Descriptions.Item label="供地价款">{figure(p.supply_price, 2, ' 万元')}</Descriptions.Item>
          <Descriptions.Item label="使用年限">{figure(p.use_term_years, 0, ' 年')}</Descriptions.Item>
          <Descriptions.Item label="约定开工">{text(p.agreed_start_date)}</Descriptions.Item>
          <Descriptions.Item label="约定竣工">{text(p.agreed_completion_date)}</Descriptions.Item>
          <Descriptions.Item label="实际开工">{text(p.actual_start_date)}</Descriptions.Item>
          <Descriptions.Item label="实际竣工">{text(p.actual_completion_date)}</Descriptions.Item>
          <Descriptions.Item label="区县">{text(p.county_name)}</Descriptions.Item>
          <Descriptions.Item label="园区">{text(parkName)}</Descriptions.Item>
          <Descriptions.Item label="坐落" span={2}>
            {text(p.location_desc)}
          </Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title="用地单位">
        <Descriptions size="small" column={2} bordered data-testid="parcel-holder" styles={{ label: { width: 146, whiteSpace: 'nowrap' } }}>
          {e ? (
            <>
              <Descriptions.Item label="企业名称" span={2}>
                {holderHref ? <Link to={holderHref}>{e.name}</Link> : e.name}
              </Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码" span={2}>
                {e.credit_code}
              </Descriptions.Item>
              <Descriptions.Item label="行业">{named(e.industry_code, industryName)}</Descriptions.Item>
              <Descriptions.Item label="规模">{text(e.scale)}</Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item label="用地单位">未关联用地单位</Descriptions.Item>
          )}
        </Descriptions>
      </Section>
      <Section title="用地单位年度指标">
        <YearlyFigures rows={yearly} emptyText={e ? '该用地单位暂无年度指标' : '未关联用地单位，没有年度指标'} />
      </Section>
    </>
  )
}
