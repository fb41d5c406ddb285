/**
 * Shapes written in a spreadsheet cell: WKT (POINT, LINESTRING, POLYGON, MULTIPOINT,
 * MULTILINESTRING, MULTIPOLYGON, with an optional SRID=…; prefix) or GeoJSON geometry text.
 */
import type { Geometry, Position } from 'geojson'

/** The geometry of a cell's text, or a Chinese reason why it is none. */
export function parseShapeText(text: string): { geometry: Geometry } | { error: string } {
  const t = text.trim()
  if (t.startsWith('{')) {
    try {
      const g = JSON.parse(t) as Geometry
      if (g && typeof g.type === 'string' && ('coordinates' in g || 'geometries' in g)) return { geometry: g }
    } catch {
      // fall through
    }
    return { error: '图形文本不是合法的 GeoJSON 几何' }
  }
  try {
    return { geometry: new WktReader(t.replace(/^SRID=\d+;/i, '')).geometry() }
  } catch (err) {
    return { error: `图形文本不是合法的 WKT：${(err as Error).message}` }
  }
}

class WktReader {
  private i = 0
  constructor(private readonly s: string) {}

  private ws() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++
  }
  private word(): string {
    this.ws()
    const m = /^[A-Za-z]+/.exec(this.s.slice(this.i))
    if (!m) throw new Error(`第 ${this.i + 1} 个字符处应为几何类型`)
    this.i += m[0].length
    return m[0].toUpperCase()
  }
  private expect(c: string) {
    this.ws()
    if (this.s[this.i] !== c) throw new Error(`第 ${this.i + 1} 个字符处应为「${c}」`)
    this.i++
  }
  private peek(): string {
    this.ws()
    return this.s[this.i] ?? ''
  }
  private position(): Position {
    this.ws()
    const m = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?(\s+[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?){1,3}/.exec(this.s.slice(this.i))
    if (!m) throw new Error(`第 ${this.i + 1} 个字符处应为坐标`)
    this.i += m[0].length
    const nums = m[0].trim().split(/\s+/).map(Number)
    return [nums[0], nums[1]]
  }
  private list<T>(item: () => T): T[] {
    this.expect('(')
    const out = [item()]
    while (this.peek() === ',') {
      this.i++
      out.push(item())
    }
    this.expect(')')
    return out
  }
  private pointItem = (): Position => (this.peek() === '(' ? this.list(() => this.position())[0] : this.position())

  geometry(): Geometry {
    const type = this.word()
    let g: Geometry
    switch (type) {
      case 'POINT':
        g = { type: 'Point', coordinates: this.list(() => this.position())[0] }
        break
      case 'LINESTRING':
        g = { type: 'LineString', coordinates: this.list(() => this.position()) }
        break
      case 'POLYGON':
        g = { type: 'Polygon', coordinates: this.list(() => this.list(() => this.position())) }
        break
      case 'MULTIPOINT':
        g = { type: 'MultiPoint', coordinates: this.list(this.pointItem) }
        break
      case 'MULTILINESTRING':
        g = { type: 'MultiLineString', coordinates: this.list(() => this.list(() => this.position())) }
        break
      case 'MULTIPOLYGON':
        g = { type: 'MultiPolygon', coordinates: this.list(() => this.list(() => this.list(() => this.position()))) }
        break
      default:
        throw new Error(`不支持的几何类型「${type}」`)
    }
    this.ws()
    if (this.i < this.s.length) throw new Error(`第 ${this.i + 1} 个字符处有多余内容`)
    return g
  }
}
