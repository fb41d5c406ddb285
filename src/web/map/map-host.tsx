/**
 * The thin React host of the 2D engine: creates the engine on mount, destroys it on unmount,
 * renders children (layers, controls) only after L7 reports loaded. `data-testid="map-host"`.
 * Without WebGL the map cannot draw: a Chinese notice says so and what to do (`map-no-webgl`).
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { getRuntimeConfig } from '../core/runtime-config'
import { hasWebGl } from '../core/webgl-support'
import { MapEngine } from './engine/map-engine'

const SceneContext = createContext<MapEngine | null>(null)
const Gcj02Context = createContext(false)

/**
 * Marks the overlays inside as drawn over a GCJ-02 base (Gaode, GeoQ): they shift our WGS84 data
 * for display only (docs/architecture.md "Maps").
 */
export function DisplayCrs({ gcj02, children }: { gcj02: boolean; children: ReactNode }) {
  return <Gcj02Context.Provider value={gcj02}>{children}</Gcj02Context.Provider>
}

/** Whether overlays are drawn shifted to GCJ-02 (inside a {@link DisplayCrs}). */
export function useGcj02(): boolean {
  return useContext(Gcj02Context)
}

/** The engine of the enclosing host; throws outside one (docs/conventions.md). */
export function useScene(): MapEngine {
  const engine = useContext(SceneContext)
  if (!engine) throw new Error('useScene() 只能在 <MapHost> 内使用')
  return engine
}

/** Props of {@link MapHost}. */
export interface MapHostProps {
  children?: ReactNode
  /** Background colour of the offline base map (sea). */
  background?: string
  className?: string
}

/** One map: config from the runtime config's mapConfig (docs/product.md §3). */
export function MapHost({ children, background = '#dfe9f3', className }: MapHostProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [engine, setEngine] = useState<MapEngine | null>(null)
  const [webGl] = useState(() => hasWebGl())
  // the engine is created once, with the first background; later changes go through update()
  const [firstBackground] = useState(background)
  useEffect(() => {
    const el = ref.current
    if (!el || !webGl) return
    const m = getRuntimeConfig().mapConfig
    const e = new MapEngine()
    let alive = true
    void e
      .attach(el, { center: m.center, zoom: m.zoom, minZoom: m.minZoom, maxZoom: m.maxZoom, background: firstBackground })
      .then(() => alive && setEngine(e))
    return () => {
      alive = false
      setEngine(null)
      e.destroy()
    }
  }, [webGl, firstBackground])
  useEffect(() => engine?.update({ background }), [engine, background])
  if (!webGl) {
    return (
      <div
        className={className}
        data-testid="map-no-webgl"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%', background }}
      >
        <div style={{ maxWidth: 520, padding: 24, textAlign: 'center', color: '#33415c', lineHeight: 1.8 }}>
          <h3 style={{ margin: '0 0 8px' }}>当前浏览器无法显示地图</h3>
          <div>
            地图需要浏览器支持 WebGL（图形加速）。请使用新版 Chrome、Edge 或
            Firefox，并在浏览器设置中开启“使用图形加速”；仍无法显示时请联系管理员检查显卡驱动。
          </div>
        </div>
      </div>
    )
  }
  return (
    <div className={className} style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      <div ref={ref} data-testid="map-host" data-loaded={engine ? 'true' : 'false'} style={{ position: 'absolute', inset: 0 }} />
      {engine && <SceneContext.Provider value={engine}>{children}</SceneContext.Provider>}
    </div>
  )
}
