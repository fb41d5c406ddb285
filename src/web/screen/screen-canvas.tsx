/**
 * The wall runtime (issue 6): scales a screen's design canvas to the viewport by its mode, lays
 * each widget out at real pixels, binds it to its data and refresh, and shows loading, empty,
 * error and stale states. `data-testid="screen-canvas"` carries the scale for tests.
 */
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useQuery } from '@tanstack/react-query'
import type { StatYears } from '../../domain/contracts/big-data'
import { apiGet } from '../core/api'
import { panelTitle } from './bindings'
import { computeLayout, placeBox } from './scaler'
import { ScreenTitleBar } from './screen-title-bar'
import type { ScreenDef, ScreenParams, WidgetDef } from './screen-types'
import { useWidgetData } from './use-widget-data'
import { BodyNote, Panel, PanelBody, PanelTitle, StaleMark } from './wall-styles'
import type { WidgetRegistry } from './widget-registry'

const Viewport = styled.div`
  position: fixed;
  inset: 0;
  z-index: 10;
  overflow: hidden;
  background: #02081a;
  font-family: 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif;
`
const Canvas = styled.div`
  position: absolute;
  overflow: hidden;
`

function useViewport() {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight })
  const [size, setSize] = useState(read)
  useEffect(() => {
    const on = () => setSize(read())
    window.addEventListener('resize', on)
    return () => window.removeEventListener('resize', on)
  }, [])
  return size
}

interface SlotProps {
  def: WidgetDef
  screen: ScreenDef
  registry: WidgetRegistry
  box: { left: number; top: number; width: number; height: number }
  scale: number
  params: ScreenParams
  setParams(p: ScreenParams): void
}

function WidgetSlot({ def, screen, registry, box, scale, params, setParams }: SlotProps) {
  const state = useWidgetData(def.source, params, screen.refreshMs)
  // the latest year with enterprise figures: a title's {figuresYear} (the 亩均 of the current year is that year's)
  const latestFigures = useQuery({
    queryKey: ['years'],
    queryFn: () => apiGet<StatYears>('/api/bigData/years'),
    staleTime: 10 * 60_000,
  }).data?.latest
  const Renderer = registry[def.type]
  const empty = def.source && state.data !== undefined && Array.isArray(state.data) && state.data.length === 0
  let body
  if (!Renderer) body = <BodyNote $error>未知组件类型：{def.type}</BodyNote>
  else if (state.error) body = <BodyNote $error>数据加载失败：{state.error}</BodyNote>
  else if (state.loading) body = <BodyNote>数据加载中…</BodyNote>
  else if (empty) body = <BodyNote>暂无数据</BodyNote>
  else body = <Renderer def={def as never} data={state.data} scale={scale} params={params} setParams={setParams} />
  return (
    <Panel style={box} data-widget={def.id} data-widget-type={def.type} data-testid={`widget-${def.id}`} data-updated={state.updatedAt}>
      {def.title && <PanelTitle>{panelTitle(def.title, params, latestFigures)}</PanelTitle>}
      <PanelBody>
        {body}
        {state.stale && (
          <StaleMark data-testid="stale-mark" title="最近一次刷新失败，显示的是上次成功获取的数据">
            数据未更新
          </StaleMark>
        )}
      </PanelBody>
    </Panel>
  )
}

/** Props of {@link ScreenCanvas}. */
export interface ScreenCanvasProps {
  def: ScreenDef
  registry: WidgetRegistry
  params: ScreenParams
  setParams(p: ScreenParams): void
  /** false while a required parameter (city, park) is still being chosen */
  ready: boolean
}

/** A live, scaled wall. */
export function ScreenCanvas({ def, registry, params, setParams, ready }: ScreenCanvasProps) {
  const viewport = useViewport()
  const layout = computeLayout(def.mode, def.design, viewport)
  const title = placeBox({ x: 0, y: 0, w: def.design.width, h: def.titleHeight }, layout)
  return (
    <Viewport>
      <Canvas
        data-testid="screen-canvas"
        data-scale={layout.scale}
        data-mode={def.mode}
        style={{
          left: layout.left,
          top: layout.top,
          width: layout.width,
          height: layout.height,
          background: def.background,
          ['--s' as string]: layout.scale,
        }}
      >
        <ScreenTitleBar def={def} params={params} setParams={setParams} height={title.height} />
        {ready &&
          def.widgets.map((w) => (
            <WidgetSlot
              key={w.id}
              def={w}
              screen={def}
              registry={registry}
              box={placeBox(w, layout)}
              scale={layout.scale}
              params={params}
              setParams={setParams}
            />
          ))}
      </Canvas>
    </Viewport>
  )
}
