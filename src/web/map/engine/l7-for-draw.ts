/**
 * What @antv/l7-draw takes from '@antv/l7', served from the same L7 packages the engine uses.
 * vite.config.ts points '@antv/l7' here and l7-draw at its ES build: its package.json sends
 * browsers to a UMD build that carries a second copy of L7 (about 2 MB).
 */
export { Scene } from '@antv/l7-scene'
export { LineLayer, PointLayer, PolygonLayer } from '@antv/l7-layers'
export { Control } from '@antv/l7-component'
export { DOM } from '@antv/l7-utils'
