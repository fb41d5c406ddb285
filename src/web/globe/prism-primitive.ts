/**
 * The extruded parcels on the GPU: one draw command per chunk of {@link buildPrisms}, a colour
 * and a pick colour per vertex (issue 5 "Speed"). Nothing runs in Cesium's geometry workers and no
 * batch table is built: the vertices go to the GPU as they are, in the first frame.
 *
 * Picking: each parcel gets its own pick id from Cesium's context, written into its vertices, so
 * `scene.pick` returns `{ primitive, id: 'parcel:<id>' }` exactly as a `GeometryInstance` did.
 * Recolouring (theme, hover, clock) rewrites the colour attribute in place, never the geometry.
 */
import './cesium-base-url'
import { BoundingSphere, Cartesian3, ComponentDatatype, CullFace, IndexDatatype, Matrix4, PrimitiveType, SceneMode } from 'cesium'
import { renderer, type FrameState, type GpuBuffer, type GpuShaderProgram, type GpuVertexArray } from './cesium-renderer'
import type { PrismBatch, PrismSpan } from './prism-geometry'

const ATTRIBUTES = { position: 0, color: 1, pickColor: 2 }

const VERTEX_SHADER = `
in vec3 position;
in vec4 color;
in vec4 pickColor;
uniform vec3 u_lightWC;
out vec4 v_color;
out vec4 v_pickColor;
out vec3 v_positionEC;
out vec3 v_lightEC;
void main() {
  v_color = color;
  v_pickColor = pickColor;
  v_positionEC = (czm_modelView * vec4(position, 1.0)).xyz;
  v_lightEC = czm_viewRotation * u_lightWC;
  gl_Position = czm_modelViewProjection * vec4(position, 1.0);
}
`

// the face normal from screen-space derivatives: flat shading with vertices shared by roof and walls
const FRAGMENT_SHADER = `
in vec4 v_color;
in vec4 v_pickColor;
in vec3 v_positionEC;
in vec3 v_lightEC;
void main() {
  vec3 normal = normalize(cross(dFdx(v_positionEC), dFdy(v_positionEC)));
  float light = 0.5 + 0.5 * max(dot(normal, normalize(v_lightEC)), 0.0);
  out_FragColor = vec4(v_color.rgb * light, 1.0);
}
`

/**
 * The light of a chunk in world coordinates: from the north-west (the map makers' convention)
 * and high above, so roofs are brightest, north-west walls bright and south-east walls dark.
 */
function lightAt(center: Cartesian3): Cartesian3 {
  const up = Cartesian3.normalize(center, new Cartesian3())
  const east = Cartesian3.normalize(new Cartesian3(-center.y, center.x, 0), new Cartesian3())
  const north = Cartesian3.cross(up, east, new Cartesian3())
  const l = new Cartesian3()
  Cartesian3.multiplyByScalar(up, 0.8, l)
  Cartesian3.add(l, Cartesian3.multiplyByScalar(north, 0.42, new Cartesian3()), l)
  Cartesian3.add(l, Cartesian3.multiplyByScalar(east, -0.42, new Cartesian3()), l)
  return Cartesian3.normalize(l, l)
}

/** An RGBA colour packed as the 32-bit little-endian word of its four bytes. */
export const packRgba = (r: number, g: number, b: number, a = 255): number => (r | (g << 8) | (b << 16) | (a << 24)) >>> 0

interface ChunkGpu {
  va: GpuVertexArray
  colorBuffer: GpuBuffer
  command: object
}

/** A Cesium primitive drawing a {@link PrismBatch}; add it to `scene.primitives`. */
export class PrismPrimitive {
  /** Cesium reads this every frame. */
  show = true
  private gpu: ChunkGpu[] | null = null
  private program: GpuShaderProgram | null = null
  private pickIds: { destroy(): void }[] = []
  private batch: PrismBatch | null
  private readonly colors: Uint32Array[]
  private readonly dirty = new Set<number>()
  private readonly spans = new Map<number, PrismSpan>()
  private destroyed = false
  /** true once the commands went out in a render pass (the layer waits for the frame's end) */
  drawn = false

  constructor(batch: PrismBatch) {
    this.batch = batch
    this.colors = batch.chunks.map((c) => new Uint32Array(c.vertexCount))
    for (const s of batch.spans) this.spans.set(s.id, s)
  }

  /** Whether a parcel has vertices here. */
  has(id: number): boolean {
    return this.spans.has(id)
  }

  /** Sets one parcel's colour (a {@link packRgba} word); uploaded with the next frame. */
  paint(id: number, rgba: number): void {
    const s = this.spans.get(id)
    if (!s) return
    this.colors[s.chunk].fill(rgba, s.start, s.start + s.count)
    this.dirty.add(s.chunk)
  }

  /** Called by Cesium once per frame. */
  update(frameState: FrameState): void {
    if (!this.show || frameState.mode !== SceneMode.SCENE3D) return
    if (!this.gpu) this.create(frameState)
    for (const i of this.dirty) this.gpu![i].colorBuffer.copyFromArrayView(this.colors[i])
    this.dirty.clear()
    if (!frameState.passes.render && !frameState.passes.pick) return
    for (const c of this.gpu!) frameState.commandList.push(c.command)
    if (frameState.passes.render) this.drawn = true
  }

  private create(frameState: FrameState): void {
    const context = frameState.context
    const batch = this.batch!
    const { Buffer, BufferUsage, VertexArray, ShaderProgram, RenderState, DrawCommand, Pass } = renderer
    // one pick id per parcel, written into that parcel's vertices
    const picks = batch.chunks.map((c) => new Uint32Array(c.vertexCount))
    for (const s of batch.spans) {
      const pickId = context.createPickId({ primitive: this, id: `parcel:${s.id}` })
      this.pickIds.push(pickId)
      const c = pickId.color
      picks[s.chunk].fill(
        packRgba(Math.round(c.red * 255), Math.round(c.green * 255), Math.round(c.blue * 255), Math.round(c.alpha * 255)),
        s.start,
        s.start + s.count,
      )
    }
    this.program = ShaderProgram.fromCache({
      context,
      vertexShaderSource: VERTEX_SHADER,
      fragmentShaderSource: FRAGMENT_SHADER,
      attributeLocations: ATTRIBUTES,
    })
    const renderState = RenderState.fromCache({
      depthTest: { enabled: true },
      depthMask: true,
      cull: { enabled: true, face: CullFace.BACK },
    })
    this.gpu = batch.chunks.map((chunk, i) => {
      const vbo = (typedArray: ArrayBufferView, usage = BufferUsage.STATIC_DRAW) =>
        Buffer.createVertexBuffer({ context, typedArray, usage })
      const colorBuffer = vbo(new Uint8Array(this.colors[i].buffer), BufferUsage.DYNAMIC_DRAW)
      const va = new VertexArray({
        context,
        attributes: [
          {
            index: ATTRIBUTES.position,
            vertexBuffer: vbo(chunk.positions),
            componentsPerAttribute: 3,
            componentDatatype: ComponentDatatype.FLOAT,
          },
          {
            index: ATTRIBUTES.color,
            vertexBuffer: colorBuffer,
            componentsPerAttribute: 4,
            componentDatatype: ComponentDatatype.UNSIGNED_BYTE,
            normalize: true,
          },
          {
            index: ATTRIBUTES.pickColor,
            vertexBuffer: vbo(new Uint8Array(picks[i].buffer)),
            componentsPerAttribute: 4,
            componentDatatype: ComponentDatatype.UNSIGNED_BYTE,
            normalize: true,
          },
        ],
        indexBuffer: Buffer.createIndexBuffer({
          context,
          typedArray: chunk.indices,
          usage: BufferUsage.STATIC_DRAW,
          indexDatatype: chunk.indices instanceof Uint16Array ? IndexDatatype.UNSIGNED_SHORT : IndexDatatype.UNSIGNED_INT,
        }),
      })
      const center = Cartesian3.fromArray(chunk.center)
      const light = lightAt(center)
      const command = new DrawCommand({
        owner: this,
        vertexArray: va,
        shaderProgram: this.program!,
        renderState,
        primitiveType: PrimitiveType.TRIANGLES,
        pass: Pass.OPAQUE,
        modelMatrix: Matrix4.fromTranslation(center),
        boundingVolume: new BoundingSphere(center, chunk.radius),
        pickId: 'v_pickColor',
        uniformMap: { u_lightWC: () => light },
      })
      return { va, colorBuffer, command }
    })
    this.dirty.clear()
    // the positions now live on the GPU; keep only the colours (recolouring rewrites them)
    this.batch = null
  }

  /** Cesium's destroy protocol. */
  isDestroyed(): boolean {
    return this.destroyed
  }

  /** Frees the GPU buffers, the shader's cache entry and the pick ids. */
  destroy(): void {
    for (const c of this.gpu ?? []) c.va.destroy()
    this.program?.destroy()
    for (const p of this.pickIds) p.destroy()
    this.gpu = null
    this.pickIds = []
    this.destroyed = true
  }
}
