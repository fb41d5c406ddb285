/**
 * /landLifeCycle/allLifeCycle 全生命周期总览 (issue 5): every lifecycle project on the globe as a point
 * coloured by stage, the zone shapes of the projects in view (指界 dashed, 勘测定界 extruded, 竣工) loaded
 * by view (a province holds thousands), a time slider on the Cesium clock replaying stage changes by
 * date, overdue projects ringed in red (docs/domain.md deadlines).
 */
import { Alert, Button, Empty, List, Slider, Space, Spin } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { overdueAt } from '../../../domain/lifecycle'
import { todayInProductZone } from '../../../domain/today'
import { NO_DATA_COLOR } from '../../../domain/palettes'
import type { GlobeLifecycleZonePage } from '../../../domain/contracts/globe'
import { getRuntimeConfig } from '../../core/runtime-config'
import { GlobeHost, useGlobe } from '../../globe/globe-host'
import { globeSourcesOf } from '../../globe/globe-sources'
import { useMapHref } from './use-map-href'
import type { GlobeOutline } from '../../globe/globe-types'
import {
  fetchGlobeLifecycleZones,
  globeLifecycleProjectQuery,
  useGlobeLifecycle,
  useGlobeLifecycleProject,
} from './api/get-globe-lifecycle'
import { GLOBE_THEMES } from './globe-themes'
import { GlobeNotices } from './globe-notices'
import { FigureLabel } from '../../ui/figure-tip'
import { Floating, GlobePage, Legend } from './globe-overlay'
import { addDays, daysBetween, mainZones, projectColorAt, replayRange, stageCountsAt } from './lifecycle-replay'
import { viewAround } from './parcel-search'
import { homeBox } from './globe-home'
import { useRegionOutlines } from './use-region-outlines'
import { useLoadByView, type GlobeView, type ViewLoad } from './use-load-by-view'

const ZONE_STYLE = {
  指界: { color: '#ffffff', dashed: true, width: 1.5 },
  勘测定界: { color: '#66d9e8', dashed: false, width: 1.5 },
  竣工: { color: '#b2f2bb', dashed: false, width: 2 },
  建新: { color: '#ffc078', dashed: false, width: 1.5 },
} as const

/** The page. */
export function LifecycleGlobePage() {
  const [notices, setNotices] = useState<string[]>([])
  const mapHref = useMapHref()
  const [date, setDate] = useState<string | null>(null)
  const [selected, setSelected] = useState<number | null>(null)
  const [view, setView] = useState<GlobeView | null>(null)
  const notice = useCallback((m: string) => setNotices((ns) => (ns.includes(m) ? ns : [...ns, m])), [])
  return (
    <GlobePage>
      <GlobeHost
        sources={globeSourcesOf(getRuntimeConfig())}
        home={homeBox()}
        mapHref={mapHref}
        onNotice={notice}
        onTimeChange={setDate}
        onParcelClick={(id) => id !== null && setSelected(id)}
        onViewChange={setView}
      >
        <LifecycleOverlays date={date} selected={selected} onSelect={setSelected} view={view} />
        <GlobeNotices notices={notices} onClose={(n) => setNotices((ns) => ns.filter((x) => x !== n))} />
      </GlobeHost>
    </GlobePage>
  )
}

const fetchZones = (bbox: string, zoom: number) => fetchGlobeLifecycleZones({ bbox, zoom })

function LifecycleOverlays(props: {
  date: string | null
  selected: number | null
  onSelect: (id: number) => void
  view: GlobeView | null
}) {
  const { date, selected, onSelect, view } = props
  const globe = useGlobe()
  const queryClient = useQueryClient()
  const q = useGlobeLifecycle()
  const projects = useMemo(() => q.data ?? [], [q.data])
  const byId = useMemo(() => new Map(projects.map((p) => [p.id, p])), [projects])
  const range = useMemo(() => replayRange(projects, todayInProductZone()), [projects])
  const [playing, setPlaying] = useState(false)
  const zones = useLoadByView(view, fetchZones, '项目范围线加载失败')
  // the clock's date, for shapes that arrive while the replay runs
  const shownDate = useRef<string | null>(null)
  shownDate.current = date ?? range?.[1] ?? null
  useRegionOutlines()

  // every project as a point, once per load; the replay starts at today's picture
  useEffect(() => {
    if (!range) return
    globe.points.set(
      projects.filter((p) => p.point).map((p) => ({ id: p.id, lng: p.point![0], lat: p.point![1], color: projectColorAt(p, range[1]) })),
    )
    globe.setTime(range[1])
  }, [globe, projects, range])

  // the shapes of the projects in view, coloured at the clock's date
  useEffect(() => {
    const page = zones.data
    if (!page || projects.length === 0) return
    const at = shownDate.current ?? todayInProductZone()
    const known = page.zones.filter((z) => byId.has(z.projectId))
    globe.parcels.setParcels(
      mainZones(known).map((z) => ({ id: z.projectId, height: 12, rings: z.rings })),
      (id) => projectColorAt(byId.get(id)!, at),
    )
    globe.zones.set(known.map((z): GlobeOutline => ({ rings: z.rings, ...ZONE_STYLE[z.kind] })))
  }, [globe, zones.data, byId, projects.length])

  // the clock moved (slider or play): recolour by the stage on that date, ring the overdue
  useEffect(() => {
    if (!date || projects.length === 0) return
    globe.parcels.recolor((id) => (byId.has(id) ? projectColorAt(byId.get(id)!, date) : NO_DATA_COLOR))
    globe.points.recolor(
      (id) => projectColorAt(byId.get(id)!, date),
      (id) => overdueAt(byId.get(id)!, date),
    )
    if (range && date >= range[1] && playing) {
      globe.play(0)
      setPlaying(false)
    }
  }, [date, projects, byId, globe, range, playing])

  if (q.isLoading)
    return (
      <Floating $top={12} $left={12}>
        <Spin description="正在加载全生命周期项目…" />
      </Floating>
    )
  if (q.isError)
    return (
      <Floating $top={12} $left={12}>
        <Alert type="error" showIcon title={`项目加载失败：${(q.error as Error).message}`} />
      </Floating>
    )
  if (!range)
    return (
      <Floating $top={12} $left={12}>
        <Empty description="暂无全生命周期项目" />
      </Floating>
    )

  const current = date ?? range[1]
  const counts = stageCountsAt(projects, current)
  const overdue = projects.filter((p) => overdueAt(p, current))
  const stageTheme = GLOBE_THEMES.find((t) => t.key === 'stage')!
  // the overdue list: select the project and fly to the box of its zones
  const flyTo = (id: number) => {
    onSelect(id)
    void queryClient.fetchQuery(globeLifecycleProjectQuery(id)).then((p) => p.bbox && globe.flyTo(viewAround(p.bbox)))
  }
  return (
    <>
      <Floating $left={12} $right={12} $bottom={8} data-testid="lifecycle-timeline">
        <Space style={{ width: '100%' }} align="center">
          <Button
            data-testid="lifecycle-play"
            onClick={() => {
              if (!playing && current >= range[1]) globe.setTime(range[0])
              globe.play(playing ? 0 : 60)
              setPlaying(!playing)
            }}
          >
            {playing ? '暂停' : '播放'}
          </Button>
          <strong data-testid="lifecycle-date" style={{ width: 96, display: 'inline-block' }}>
            {current}
          </strong>
        </Space>
        <Slider
          data-testid="lifecycle-slider"
          min={0}
          max={daysBetween(range[0], range[1])}
          value={daysBetween(range[0], current)}
          tooltip={{ formatter: (v) => addDays(range[0], v ?? 0) }}
          onChange={(v: number) => globe.setTime(addDays(range[0], v))}
        />
      </Floating>
      <Legend title={`项目阶段（${current}）`} items={stageTheme.legend.filter((l) => l.label !== '无项目')} counts={counts} bottom={104} />
      <Floating $top={12} $right={12} $width={300} data-testid="lifecycle-overdue">
        <div style={{ fontWeight: 600 }}>
          共 {projects.length} 个项目，
          <FigureLabel
            figure="overdueCount"
            label={current >= todayInProductZone() ? '逾期（截至今日）' : `逾期（截至 ${current}）`}
          />{' '}
          <span style={{ color: '#e03131' }} data-testid="lifecycle-overdue-count">
            {overdue.length}
          </span>{' '}
          个
        </div>
        <div style={{ color: '#666', margin: '4px 0' }}>逾期：交地后 12 个月未开工，或开工后 24 个月未竣工（红圈标出）</div>
        <ZoneLoadNote load={zones} />
        <List
          size="small"
          style={{ maxHeight: 220, overflow: 'auto' }}
          dataSource={overdue.slice(0, 50)}
          renderItem={(p) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => flyTo(p.id)}>
              {p.name}
            </List.Item>
          )}
        />
        {selected !== null && <ProjectDates id={selected} />}
      </Floating>
    </>
  )
}

/** Where the shapes of the view stand: loading, failed (with what to do), or cut to the biggest. */
function ZoneLoadNote({ load }: { load: ViewLoad<GlobeLifecycleZonePage> }) {
  if (load.error)
    return (
      <div style={{ color: '#e03131' }} data-testid="lifecycle-zones-note">
        {load.error}；移动或缩放地图将重新加载
      </div>
    )
  if (load.loading)
    return (
      <div style={{ color: '#666' }} data-testid="lifecycle-zones-note">
        正在加载视野内的项目范围线…
      </div>
    )
  if (load.data?.truncated)
    return (
      <div style={{ color: '#666' }} data-testid="lifecycle-zones-note">
        视野内范围线较多，只画出面积最大的 {load.data.zones.length} 个；放大地图可看全部
      </div>
    )
  return null
}

function ProjectDates({ id }: { id: number }) {
  const q = useGlobeLifecycleProject(id)
  if (q.isError) return <Alert type="error" showIcon style={{ marginTop: 8 }} title={`项目详情加载失败：${(q.error as Error).message}`} />
  if (!q.data) return <Spin style={{ display: 'block', marginTop: 8 }} />
  const p = q.data
  const rows: [string, string | null][] = [
    ['签约', p.signedDate],
    ['供地', p.supplyDate],
    ['开工', p.startDate],
    ['开工期限', p.startDeadline],
    ['竣工', p.completionDate],
    ['竣工期限', p.completionDeadline],
    ['投产', p.productionDate],
    ['评价', p.evaluationDate],
  ]
  return (
    <div data-testid="lifecycle-project" style={{ borderTop: '1px solid #eee', marginTop: 8, paddingTop: 8 }}>
      <div style={{ fontWeight: 600 }}>{p.name}</div>
      <div style={{ color: '#666' }}>
        {p.landCode} · {p.enterpriseName ?? '用地单位未关联'}
      </div>
      {rows.map(([k, v]) => (
        <div key={k}>
          {k}：{v ?? '—'}
        </div>
      ))}
      <div>
        承诺：投资强度 {p.investIntensity ?? '—'} 万元/亩，容积率 {p.committedPlotRatio ?? '—'}，亩均税收 {p.committedTaxPerMu ?? '—'}{' '}
        万元/亩
      </div>
    </div>
  )
}
