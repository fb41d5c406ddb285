/**
 * The thin Resium host (CONVENTIONS "Resium as a flat declaration"): one `<Viewer>` with every
 * widget off and no ion imagery, the engine created once from `ref.cesiumElement`, children
 * rendered only once the engine exists. WebGL missing → a Chinese notice with a link to 2D.
 */
import './cesium-base-url'
import 'cesium/Build/Cesium/Widgets/widgets.css'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { Viewer, type CesiumComponentRef } from 'resium'
import type { Viewer as CesiumViewer } from 'cesium'
import { GlobeEngine, type GlobeEvents } from './globe-engine'
import { hasWebGl } from './webgl-support'
import type { Bbox } from './globe-types'

const GlobeContext = createContext<GlobeEngine | null>(null)

// Module-level constants: Resium re-creates the whole viewer when a read-only prop changes
// identity, so these must never be fresh objects on render. The drawing buffer is kept for PNG export.
const CONTEXT_OPTIONS = { webgl: { preserveDrawingBuffer: true } }
const VIEWER_STYLE = { position: 'absolute', inset: 0 } as const

/** The engine of the surrounding {@link GlobeHost}; throws outside one. */
export function useGlobe(): GlobeEngine {
  const engine = useContext(GlobeContext)
  if (!engine) throw new Error('useGlobe() outside <GlobeHost>')
  return engine
}

/** Props of {@link GlobeHost}. */
export interface GlobeHostProps extends GlobeEvents {
  tiandituKey: string
  home: Bbox
  /** where the "2D map" link of the WebGL notice goes */
  mapHref: string
  children?: ReactNode
}

declare global {
  interface Window {
    /** e2e hook: the live engine (read-only use by tests). */
    __globe?: GlobeEngine
  }
}

/** Hosts the globe; renders `children` inside the engine's context once it exists. */
export function GlobeHost({ tiandituKey, home, mapHref, children, ...events }: GlobeHostProps) {
  const [webgl] = useState(() => hasWebGl())
  const ref = useRef<CesiumComponentRef<CesiumViewer>>(null)
  const [engine, setEngine] = useState<GlobeEngine | null>(null)

  useEffect(() => {
    if (!webgl) return
    let created: GlobeEngine | null = null
    let frame = 0
    // Resium creates the Cesium viewer in its own effect; wait for it rather than assume an order
    const attach = () => {
      const viewer = ref.current?.cesiumElement
      if (!viewer) {
        frame = requestAnimationFrame(attach)
        return
      }
      created = new GlobeEngine(viewer, { tiandituKey, home })
      window.__globe = created
      setEngine(created)
    }
    attach()
    return () => {
      cancelAnimationFrame(frame)
      created?.destroy()
      if (window.__globe === created) delete window.__globe
    }
    // created once per mount: the viewer and its imagery are never re-created on render
  }, [webgl])

  useEffect(() => {
    engine?.setEvents(events)
  })

  if (!webgl) {
    return (
      <div data-testid="globe-no-webgl" style={{ padding: 48, textAlign: 'center', color: '#333' }}>
        <h3>当前浏览器无法显示三维地图</h3>
        <p>三维地图需要浏览器支持 WebGL。请使用新版 Chrome、Edge 或 360 极速模式，并开启显卡硬件加速。</p>
        <a href={mapHref}>改用二维地图</a>
      </div>
    )
  }
  return (
    <div data-testid="globe-host" data-ready={engine ? 'true' : 'false'} style={{ position: 'relative', width: '100%', height: '100%' }}>
      <Viewer
        ref={ref}
        style={VIEWER_STYLE}
        baseLayer={false}
        animation={false}
        timeline={false}
        baseLayerPicker={false}
        geocoder={false}
        homeButton={false}
        sceneModePicker={false}
        navigationHelpButton={false}
        fullscreenButton={false}
        infoBox={false}
        selectionIndicator={false}
        requestRenderMode
        maximumRenderTimeChange={Infinity}
        contextOptions={CONTEXT_OPTIONS}
      />
      {engine && <GlobeContext.Provider value={engine}>{children}</GlobeContext.Provider>}
    </div>
  )
}
