/**
 * The bench page's side of our 2D engine: the same MapEngine and layer builders the product uses
 * (src/web/map), bundled for one Chromium page by tests/bench/browser.ts. Each measure starts when
 * the data is handed over and ends at the second animation frame after L7 reports the layer ready.
 */
import type { FeatureCollection, Polygon } from 'geojson'
import { MapEngine } from '../../src/web/map/engine/map-engine'
import { heat, shapes } from '../../src/web/map/engine/layers'
import { binnedHeatRows } from '../../src/web/map/rules/cluster-rules'

/** Resolves after `n` animation frames. */
const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (k: number) => (k === 0 ? resolve() : requestAnimationFrame(() => step(k - 1)))
    step(n)
  })

/** A new, empty 1000×700 map container in place of the last one. */
function freshMap(): HTMLElement {
  const el = document.createElement('div')
  el.id = 'm'
  el.style.cssText = 'position:relative;width:1000px;height:700px'
  document.getElementById('m')!.replaceWith(el)
  return el
}

async function freshEngine(): Promise<MapEngine> {
  const engine = new MapEngine()
  await engine.attach(freshMap() as HTMLDivElement, { center: [120.1, 29.2], zoom: 7, minZoom: 5, maxZoom: 18, background: '#dfe9f3' })
  return engine
}

/** ms from handing the layer its data to the second frame after it is ready. */
async function firstRender(engine: MapEngine, make: () => ReturnType<typeof shapes>): Promise<number> {
  const t0 = performance.now()
  const layers = make()
  const ready = Promise.all(layers.map((l) => new Promise<void>((resolve) => l.on('inited', () => resolve()))))
  engine.setSlot('bench', layers)
  await ready
  await frames(2)
  return performance.now() - t0
}

declare global {
  interface Window {
    benchPage: { frames: typeof frames; median(xs: number[]): number; freshMap: typeof freshMap }
    benchL7: {
      heat(points: [number, number, number][]): Promise<number>
      polygons(fc: FeatureCollection<Polygon>): Promise<number>
    }
  }
}

window.benchPage = { frames, median: (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)], freshMap }

window.benchL7 = {
  async heat(points) {
    const engine = await freshEngine()
    // as the product's heat layer: merged per screen cell at the map's zoom, then drawn
    const ms = await firstRender(engine, () => [heat(binnedHeatRows(points, engine.zoom()))])
    engine.destroy()
    return ms
  },
  async polygons(fc) {
    const engine = await freshEngine()
    const ms = await firstRender(engine, () => shapes(fc, { kind: 'fill', color: '#2f9e44' }))
    engine.destroy()
    return ms
  },
}
