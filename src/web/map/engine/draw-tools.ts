/**
 * The drawing tools of @antv/l7-draw, as the one lazy chunk the draw and measure control loads on
 * first use (vite.config.ts builds it on the engine's own L7, see l7-for-draw.ts).
 */
export { DrawCircle, DrawLine, DrawPoint, DrawPolygon, DrawRect } from '@antv/l7-draw'
