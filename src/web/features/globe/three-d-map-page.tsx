/**
 * /system/3DMap 三维地图 (issue 5): Zhejiang's industrial parcels extruded on the offline globe,
 * coloured by a selectable theme with its legend; hover highlight, click → info panel, district
 * picker, search, home view, ?landId= fly-to, PNG export.
 */
import { Button, Segmented, Space } from 'antd'
import dayjs from 'dayjs'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { getRuntimeConfig } from '../../core/runtime-config'
import { GlobeHost, useGlobe } from '../../globe/globe-host'
import { globeSourcesOf } from '../../globe/globe-sources'
import { useMapHref } from './use-map-href'
import type { Bbox } from '../../globe/globe-types'
import { fetchGlobeParcel } from './api/get-globe-parcel'
import { homeBox } from './globe-home'
import { DistrictPicker } from './district-picker'
import { GLOBE_THEMES, themeOf, type GlobeThemeKey } from './globe-themes'
import { downloadDataUrl, GlobeNotices } from './globe-notices'
import { Floating, GlobePage, Legend } from './globe-overlay'
import { ParcelInfoPanel } from './parcel-info-panel'
import { ParcelSearch, viewAround } from './parcel-search'
import { useRegionOutlines } from './use-region-outlines'
import { useParcelsByView } from './use-parcels-by-view'
import { asOfLabel } from '../../../domain/figures/catalogue'
import { todayInProductZone } from '../../../domain/today'

/** The page. */
export function ThreeDMapPage() {
  const [notices, setNotices] = useState<string[]>([])
  const mapHref = useMapHref()
  const [selected, setSelected] = useState<number | null>(null)
  const [view, setView] = useState<{ bbox: Bbox; height: number } | null>(null)
  const notice = useCallback((m: string) => setNotices((ns) => (ns.includes(m) ? ns : [...ns, m])), [])
  return (
    <GlobePage>
      <GlobeHost
        sources={globeSourcesOf(getRuntimeConfig())}
        home={homeBox()}
        mapHref={mapHref}
        onNotice={notice}
        onParcelClick={(id) => id !== null && setSelected(id)}
        onViewChange={setView}
      >
        <MapOverlays view={view} selected={selected} onSelect={setSelected} onNotice={notice} />
        <GlobeNotices notices={notices} onClose={(n) => setNotices((ns) => ns.filter((x) => x !== n))} />
      </GlobeHost>
    </GlobePage>
  )
}

function MapOverlays(props: {
  view: { bbox: Bbox; height: number } | null
  selected: number | null
  onSelect: (id: number | null) => void
  onNotice: (m: string) => void
}) {
  const globe = useGlobe()
  const [themeKey, setThemeKey] = useState<GlobeThemeKey>('status')
  const theme = themeOf(themeKey)
  const loaded = useParcelsByView(props.view, theme)
  useRegionOutlines()
  useLandIdFlyTo(props.onSelect, props.onNotice)
  const { onNotice } = props
  useEffect(() => {
    if (loaded.error) onNotice(loaded.error)
  }, [loaded.error, onNotice])
  const counts = useMemo(() => {
    const c: Record<string, number> = {}
    for (const p of loaded.byId.values()) {
      const color = theme.colorOf(p)
      const label = theme.legend.find((l) => l.color === color)?.label ?? ''
      c[label] = (c[label] ?? 0) + 1
    }
    return c
  }, [loaded.byId, theme])

  return (
    <>
      <Floating $top={12} $left={12} $right={12}>
        <Space wrap>
          <Segmented
            data-testid="globe-theme"
            value={themeKey}
            onChange={(v) => setThemeKey(v as GlobeThemeKey)}
            options={GLOBE_THEMES.map((t) => ({ value: t.key, label: t.label }))}
          />
          <DistrictPicker />
          <ParcelSearch onPick={(id) => props.onSelect(id)} />
          <Button data-testid="globe-home" onClick={() => globe.goHome()}>
            全省视图
          </Button>
          {/* the file is named by the user's own clock: when they took the picture */}
          <Button
            data-testid="globe-export"
            onClick={() => downloadDataUrl(globe.exportPng(), `三维地图-${dayjs(Date.now()).format('YYYYMMDD-HHmm')}.png`)}
          >
            导出图片
          </Button>
        </Space>
      </Floating>
      {/* the 低效 theme draws today's 低效用地 (the 台账 of record and 闲置): its legend says so (issue 29) */}
      <Legend
        title={
          theme.key === 'lowEfficiency' ? `${theme.label}（${asOfLabel('lowEfficiencyCount', null, todayInProductZone())}）` : theme.label
        }
        items={theme.legend}
        counts={counts}
      />
      <Floating $right={12} $bottom={36} data-testid="globe-status">
        {loaded.loading ? '正在加载地块…' : <span data-testid="globe-parcel-count">当前视野 {loaded.count} 个地块</span>}
        {loaded.truncated && <span style={{ color: '#c92a2a' }}>（仅显示面积最大的部分，请放大查看）</span>}
      </Floating>
      <ParcelInfoPanel id={props.selected} onClose={() => props.onSelect(null)} />
    </>
  )
}

/** ?landId= → fly to that parcel and open it; an unknown id → a clear notice (issue 5 "Bad input"). */
function useLandIdFlyTo(onSelect: (id: number) => void, onNotice: (m: string) => void) {
  const globe = useGlobe()
  const [params] = useSearchParams()
  const landId = params.get('landId')
  useEffect(() => {
    if (!landId) return
    const id = Number(landId)
    if (!Number.isInteger(id) || id <= 0) {
      onNotice(`地址中的地块编号无效：${landId}`)
      return
    }
    fetchGlobeParcel(id)
      .then((p) => {
        globe.flyTo(viewAround(p.bbox))
        onSelect(id)
      })
      .catch(() => onNotice(`未找到地块（landId=${landId}），已显示全省视图`))
  }, [landId, globe, onSelect, onNotice])
}
