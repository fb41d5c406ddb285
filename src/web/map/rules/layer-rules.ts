/**
 * Layer switch and group rules of the two layer controls (docs/product.md §2.1, §2.2, §3, §4, §7). Pure: the
 * controls and their table tests read the same functions.
 */

/** docs/product.md §3 "Layer": title → raster tiles, feature → vector features, dynamic → image per view. */
export type LayerType = 'title' | 'feature' | 'dynamic'

/** docs/product.md §3 "Layer" (id generated at run time). */
export interface LayerConfig {
  id: string
  name: string
  index: number
  visible: boolean
  opacity: number
  type: LayerType
  url: string
  /** e.g. 'img' for imagery */
  base?: string
}

/** docs/product.md §3 "Layer group". */
export interface LayerGroupConfig {
  name: string
  index: number
  open: boolean
  layers: LayerConfig[]
}

/** Which of the two controls: 图层管理 (docs/product.md §2.1) or 图层控制 (§2.2). */
export type LayerControlKind = 'management' | 'control'

/** docs/product.md §4: a layer with visible false starts at opacity 0. */
export function initialOpacity(layer: Pick<LayerConfig, 'visible' | 'opacity'>): number {
  return layer.visible ? layer.opacity : 0
}

/** docs/product.md §4: unchecking sets opacity 0; checking restores the configured opacity (1 in the second control). */
export function switchedOpacity(layer: Pick<LayerConfig, 'opacity'>, checked: boolean, kind: LayerControlKind): number {
  if (!checked) return 0
  return kind === 'control' ? 1 : layer.opacity
}

/** docs/product.md §3, §4: groups start open as configured and toggle by clicking the title. */
export function initialGroupsOpen(groups: Pick<LayerGroupConfig, 'name' | 'open'>[]): Record<string, boolean> {
  return Object.fromEntries(groups.map((g) => [g.name, g.open]))
}

/** docs/product.md §4: clicking a group title toggles it. */
export function toggleGroup(open: Record<string, boolean>, name: string): Record<string, boolean> {
  return { ...open, [name]: !open[name] }
}

/** Groups and their layers by `index` (docs/product.md §3 "index (sort order)"). */
export function sortedGroups(groups: LayerGroupConfig[]): LayerGroupConfig[] {
  return [...groups].sort((a, b) => a.index - b.index).map((g) => ({ ...g, layers: [...g.layers].sort((a, b) => a.index - b.index) }))
}

/** docs/product.md §3: a random version-4 style identifier. */
export function uuidV4(random: () => number = Math.random): string {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(random() * 16)
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16)
  })
}

/** docs/product.md §7: on an internal network imagery dynamic layers use their url; otherwise it is empty and public imagery tiles are used. */
export function effectiveUrl(layer: Pick<LayerConfig, 'type' | 'base' | 'url'>, internalNetwork: boolean): string {
  if (layer.type === 'dynamic' && layer.base === 'img' && !internalNetwork) return ''
  return layer.url
}
