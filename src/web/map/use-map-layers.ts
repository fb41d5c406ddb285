/** Puts a slot of layers on the map while mounted; rebuilt when `deps` change (docs/conventions.md "Engines behind thin hosts"). */
import { useEffect, type DependencyList } from 'react'
import type { ILayer } from '@antv/l7-core'
import { useScene } from './map-host'

let nextSlot = 0

/** Adds the built layers (null → none) under a slot name, removes them on change and unmount. */
export function useMapLayers(name: string, build: () => ILayer[] | null, deps: DependencyList): void {
  const engine = useScene()
  useEffect(() => {
    const layers = build()
    const slot = `${name}#${nextSlot++}`
    if (layers) engine.setSlot(slot, layers)
    return () => engine.clearSlot(slot)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- build is a closure over the caller's deps, which the caller lists
  }, [engine, ...deps])
}
