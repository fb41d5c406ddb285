/** Whether this browser can draw with WebGL (the 2D map's L7 and the globe's Cesium need it; WebGL 2 preferred). */
export function hasWebGl(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas')
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'))
  } catch {
    return false
  }
}
