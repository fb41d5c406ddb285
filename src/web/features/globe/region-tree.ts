/** The district picker's tree, built from the flat region list of the API. */
import type { GlobeRegion } from '../../../domain/contracts/globe'

/** A node of the picker's tree. */
export interface TreeNode {
  value: string
  title: string
  children?: TreeNode[]
}

/** Regions as a tree (the province on top when present). */
export function regionTree(regions: GlobeRegion[]): TreeNode[] {
  const byParent = new Map<string | null, GlobeRegion[]>()
  for (const r of regions) byParent.set(r.parentCode, [...(byParent.get(r.parentCode) ?? []), r])
  const build = (r: GlobeRegion): TreeNode => {
    const kids = byParent.get(r.code) ?? []
    return { value: r.code, title: r.name, ...(kids.length ? { children: kids.map(build) } : {}) }
  }
  const codes = new Set(regions.map((r) => r.code))
  return regions.filter((r) => !r.parentCode || !codes.has(r.parentCode)).map(build)
}
