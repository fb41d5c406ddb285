/**
 * Typed access to the few Cesium renderer classes a custom primitive needs (`Buffer`,
 * `VertexArray`, `ShaderProgram`, `RenderState`, `DrawCommand`, `Pass`) plus its earcut
 * triangulation. Cesium exports them at run time but leaves them out of its TypeScript API; they
 * have kept these shapes for a decade and are what Cesium's own primitives are built on. Only the
 * members the parcel primitive uses are declared, so a Cesium upgrade that changes one fails here,
 * in one file (tests/e2e/globe.spec.ts draws and picks through them).
 */
import './cesium-base-url'
import * as Cesium from 'cesium'
import type { BoundingSphere, Cartesian2, Matrix4 } from 'cesium'

/** A GPU buffer. */
export interface GpuBuffer {
  copyFromArrayView(view: ArrayBufferView, offsetInBytes?: number): void
  destroy(): void
}

/** Cesium's WebGL context wrapper (private class). */
export interface RenderContext {
  createPickId(object: object): { color: { red: number; green: number; blue: number; alpha: number }; destroy(): void }
}

/** The frame state a primitive's `update` receives. */
export interface FrameState {
  context: RenderContext
  commandList: unknown[]
  mode: number
  passes: { render: boolean; pick: boolean }
}

/** A vertex array. */
export interface GpuVertexArray {
  destroy(): void
}

/** A compiled shader program (from the context's cache). */
export interface GpuShaderProgram {
  destroy(): void
}

interface RendererApi {
  Buffer: {
    createVertexBuffer(o: { context: RenderContext; typedArray: ArrayBufferView; usage: number }): GpuBuffer
    createIndexBuffer(o: { context: RenderContext; typedArray: ArrayBufferView; usage: number; indexDatatype: number }): GpuBuffer
  }
  BufferUsage: { STATIC_DRAW: number; DYNAMIC_DRAW: number }
  VertexArray: new (o: {
    context: RenderContext
    attributes: { index: number; vertexBuffer: GpuBuffer; componentsPerAttribute: number; componentDatatype: number; normalize?: boolean }[]
    indexBuffer: GpuBuffer
  }) => GpuVertexArray
  ShaderProgram: {
    fromCache(o: {
      context: RenderContext
      vertexShaderSource: string
      fragmentShaderSource: string
      attributeLocations: Record<string, number>
    }): GpuShaderProgram
  }
  RenderState: { fromCache(o: object): object }
  DrawCommand: new (o: {
    owner: object
    vertexArray: GpuVertexArray
    shaderProgram: GpuShaderProgram
    renderState: object
    primitiveType: number
    pass: number
    modelMatrix: Matrix4
    boundingVolume: BoundingSphere
    pickId: string
    uniformMap?: Record<string, () => unknown>
  }) => object
  Pass: { OPAQUE: number }
  PolygonPipeline: { triangulate(positions: Cartesian2[], holes?: number[]): number[] }
}

/** Cesium's renderer classes, typed. */
export const renderer = Cesium as unknown as RendererApi

/** Cesium's earcut on a flat `[x0, y0, x1, y1, …]` ring. */
export function triangulateFlat(flat: number[]): number[] {
  const points: Cartesian2[] = []
  for (let i = 0; i + 1 < flat.length; i += 2) points.push(new Cesium.Cartesian2(flat[i], flat[i + 1]))
  return renderer.PolygonPipeline.triangulate(points)
}
