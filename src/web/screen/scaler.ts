/**
 * From design pixels to the wall (issue 6): the canvas's size and offset and the factors a
 * widget's box is multiplied by. Boxes are laid out at real pixels (no CSS transform), so charts
 * re-render at their true size and stay crisp, and pointer positions need no correction.
 */
import type { DesignSize, ScaleMode } from './screen-types'

/** Where the canvas stands in the viewport. */
export interface CanvasLayout {
  scaleX: number
  scaleY: number
  /** text and line scale: the smaller factor, so text never outgrows its box */
  scale: number
  width: number
  height: number
  left: number
  top: number
}

/** Canvas layout for a design size, a viewport and a mode. */
export function computeLayout(mode: ScaleMode, design: DesignSize, viewport: DesignSize): CanvasLayout {
  const fx = viewport.width / design.width
  const fy = viewport.height / design.height
  let sx: number
  let sy: number
  if (mode === 'stretch') [sx, sy] = [fx, fy]
  else if (mode === 'fill-width') sx = sy = fx
  else if (mode === 'fill-height') sx = sy = fy
  else sx = sy = Math.min(fx, fy)
  const width = design.width * sx
  const height = design.height * sy
  // fit centres the canvas (letterbox); fill modes anchor top-left and the frame clips the rest
  const centre = mode === 'fit'
  return {
    scaleX: sx,
    scaleY: sy,
    scale: Math.min(sx, sy),
    width,
    height,
    left: centre ? Math.max(0, (viewport.width - width) / 2) : 0,
    top: centre ? Math.max(0, (viewport.height - height) / 2) : 0,
  }
}

/** A widget's box in screen pixels (rounded to whole pixels so neighbours never overlap). */
export function placeBox(box: { x: number; y: number; w: number; h: number }, layout: Pick<CanvasLayout, 'scaleX' | 'scaleY'>) {
  const left = Math.round(box.x * layout.scaleX)
  const top = Math.round(box.y * layout.scaleY)
  return { left, top, width: Math.round((box.x + box.w) * layout.scaleX) - left, height: Math.round((box.y + box.h) * layout.scaleY) - top }
}
