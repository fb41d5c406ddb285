/**
 * /landLifeCycle/allLifeCycle 全生命周期总览 (issue 5): every lifecycle project on the globe coloured
 * by stage, its zone shapes (指界 dashed, 勘测定界, 竣工) as outlines, a time slider on the Cesium
 * clock replaying stage changes by date, overdue projects ringed in red (docs/domain.md deadlines).
 */
import { Alert, Button, Empty, List, Slider, Space, Spin } from 'antd'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { overdueAt } from '../../../domain/lifecycle'
import { todayInProductZone } from '../../../domain/today'
import type { GlobeLifecycleProject } from '../../../domain/contracts/globe'
import { getRuntimeConfig } from '../../core/runtime-config'
import { GlobeHost, useGlobe } from '../../globe/globe-host'
import { globeSourcesOf } from '../../globe/globe-sources'
import { useMapHref } from './use-map-href'
import type { GlobeOutline } from '../../globe/globe-types'
import { ringCentre } from '../../globe/ring-centre'
import { useGlobeLifecycle } from './api/get-globe-lifecycle'
import { GLOBE_THEMES } from './globe-themes'
import { GlobeNotices } from './globe-notices'
import { FigureLabel } from '../../ui/figure-tip'
import { Floating, GlobePage, Legend } from './globe-overlay'
import { addDays, daysBetween, projectColorAt, replayRange, stageCountsAt } from './lifecycle-replay'
import { viewAround } from './parcel-search'
import { homeBox } from './globe-home'
import { useRegionOutlines } from './use-region-outlines'

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
      >
        <LifecycleOverlays date={date} selected={selected} />
        <GlobeNotices notices={notices} onClose={(n) => setNotices((ns) => ns.filter((x) => x !== n))} />
      </GlobeHost>
    </GlobePage>
  )
}

function LifecycleOverlays({ date, selected }: { date: string | null; selected: number | null }) {
  const globe = useGlobe()
  const q = useGlobeLifecycle()
  const projects = useMemo(() => q.data ?? [], [q.data])
  const range = useMemo(() => replayRange(projects, todayInProductZone()), [projects])
  const [playing, setPlaying] = useState(false)
  useRegionOutlines()

  // shapes once per load; the replay starts at today's picture
  useEffect(() => {
    if (!range) return
    globe.parcels.setParcels(
      projects.map((p) => ({ id: p.id, height: 12, rings: (p.zones.find((z) => z.kind === '勘测定界') ?? p.zones[0])?.rings ?? [] })),
      (id) =>
        projectColorAt(
          projects.find((p) => p.id === id)!,
          range[1],
        ),
    )
    globe.points.set(projects.map((p) => ({ id: p.id, ...centreOf(p), color: projectColorAt(p, range[1]) })))
    const zones: GlobeOutline[] = projects.flatMap((p) => p.zones.map((z) => ({ rings: z.rings, ...ZONE_STYLE[z.kind] })))
    globe.zones.set(zones)
    globe.setTime(range[1])
  }, [globe, projects, range])

  // the clock moved (slider or play): recolour by the stage on that date, ring the overdue
  useEffect(() => {
    if (!date || projects.length === 0) return
    const byId = new Map(projects.map((p) => [p.id, p]))
    globe.parcels.recolor((id) => projectColorAt(byId.get(id)!, date))
    globe.points.recolor(
      (id) => projectColorAt(byId.get(id)!, date),
      (id) => overdueAt(byId.get(id)!, date),
    )
    if (range && date >= range[1] && playing) {
      globe.play(0)
      setPlaying(false)
    }
  }, [date, projects, globe, range, playing])

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
  const sel = projects.find((p) => p.id === selected)
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
        <List
          size="small"
          style={{ maxHeight: 220, overflow: 'auto' }}
          dataSource={overdue.slice(0, 50)}
          renderItem={(p) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => flyToProject(globe, p)}>
              {p.name}
            </List.Item>
          )}
        />
        {sel && <ProjectDates p={sel} />}
      </Floating>
    </>
  )
}

function ProjectDates({ p }: { p: GlobeLifecycleProject }) {
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

function centreOf(p: GlobeLifecycleProject): { lng: number; lat: number } {
  return ringCentre(p.zones[0]?.rings[0] ?? [])
}

function flyToProject(globe: ReturnType<typeof useGlobe>, p: GlobeLifecycleProject) {
  const ring = p.zones[0]?.rings[0]
  if (!ring) return
  const xs = ring.map((c) => c[0])
  const ys = ring.map((c) => c[1])
  globe.flyTo(viewAround([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]))
}
