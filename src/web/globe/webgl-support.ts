/** Whether this browser can draw the 3D globe (Cesium needs WebGL; WebGL 2 preferred). */
export function hasWebGl(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas')
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'))
  } catch {
    return false
  }
}
