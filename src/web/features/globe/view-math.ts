/** Pure view arithmetic of the parcel loader: zoom from camera height, padded boxes. */
import type { Bbox } from '../../globe/globe-types'

/** Map zoom level equivalent to a camera height (metres): one level per halving. */
export const zoomForHeight = (height: number): number => Math.max(0, Math.min(22, Math.round(Math.log2(2.8e7 / Math.max(height, 1)))))

/** Whether box `outer` contains box `inner`. */
export const contains = (outer: Bbox, inner: Bbox) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3]

/** The view box grown by half its size on each side, clamped to the world. */
export function padBbox(b: Bbox): Bbox {
  const dx = (b[2] - b[0]) / 2
  const dy = (b[3] - b[1]) / 2
  return [Math.max(-180, b[0] - dx), Math.max(-90, b[1] - dy), Math.min(180, b[2] + dx), Math.min(90, b[3] + dy)]
}
