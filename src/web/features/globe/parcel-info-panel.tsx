/** Click → info panel (issue 5): parcel, owner, class, key figures, link to the 2D profile (Dkxx). */
import { Alert, Button, Descriptions, Spin } from 'antd'
import { Link } from 'react-router-dom'
import { STAGE_NAMES } from '../../../domain/lifecycle'
import { useRouteLink } from '../../widgets/use-route-link'
import { formatMu } from './format'
import { useGlobeParcel } from './api/get-globe-parcel'
import { Floating } from './globe-overlay'

/** The panel of the selected parcel; nothing when none is selected. */
export function ParcelInfoPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useGlobeParcel(id)
  const link = useRouteLink()
  // the parcel's 地块档案 (Dkxx reads ?id=), offered only to those who may open it
  const profile = q.data ? link('/system/IndustryMap/Dkxx', { id: q.data.id }) : undefined
  if (id === null) return null
  return (
    <Floating $top={64} $right={12} $width={330} data-testid="globe-info-panel">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <strong style={{ fontSize: 15 }}>地块信息</strong>
        <Button size="small" type="text" onClick={onClose} aria-label="关闭">
          ✕
        </Button>
      </div>
      {q.isLoading && <Spin description="正在加载地块信息…" />}
      {q.isError && <Alert type="error" showIcon title={(q.error as Error).message} />}
      {q.data && (
        <>
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 96 } }}>
            <Descriptions.Item label="宗地代码">
              <span data-testid="globe-info-land-code">{q.data.landCode}</span>
            </Descriptions.Item>
            <Descriptions.Item label="地块名称">{q.data.name}</Descriptions.Item>
            <Descriptions.Item label="所在区县">{q.data.countyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="用地单位">{q.data.enterpriseName ?? '未关联'}</Descriptions.Item>
            <Descriptions.Item label="用地状态">{q.data.status}</Descriptions.Item>
            <Descriptions.Item label="用地面积">{formatMu(q.data.areaM2)}</Descriptions.Item>
            <Descriptions.Item label="容积率">{q.data.plotRatio ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="亩均税收">{q.data.taxPerMu === null ? '—' : `${q.data.taxPerMu} 万元/亩`}</Descriptions.Item>
            <Descriptions.Item label="亩均评价">{q.data.appraisalClass ? `${q.data.appraisalClass}类` : '未评价'}</Descriptions.Item>
            <Descriptions.Item label="低效用地">{q.data.lowEfficiency ? '是' : '否'}</Descriptions.Item>
            <Descriptions.Item label="生命周期">{q.data.stage ? STAGE_NAMES[q.data.stage] : '无项目'}</Descriptions.Item>
          </Descriptions>
          {profile && (
            <div style={{ marginTop: 8, textAlign: 'right' }}>
              <Link to={profile} data-testid="globe-info-profile-link">
                查看二维地块档案 →
              </Link>
            </div>
          )}
        </>
      )}
    </Floating>
  )
}
