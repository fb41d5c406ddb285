/**
 * The district picker's tree (cities → counties inside the user's scope) read for the pages:
 * which districts can be opened one level down, and the trail from the scope to a district.
 */
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'

/** One step of the trail; the scope itself has no code (no `regionCode` asked). */
export interface RegionStep {
  code?: string
  name: string
}

/** The nodes from a top-level node down to `code`; empty when it is not in the tree. */
export function pathTo(tree: readonly ReportRegionOption[], code: string): ReportRegionOption[] {
  for (const node of tree) {
    if (node.code === code) return [node]
    const below = pathTo(node.children ?? [], code)
    if (below.length) return [node, ...below]
  }
  return []
}

/** Whether a district has districts under it that the indicator endpoints accept (cities → counties). */
export function isDrillable(tree: readonly ReportRegionOption[], code: string): boolean {
  const node = pathTo(tree, code).at(-1)
  return !!node?.children?.length
}

/**
 * The trail from the user's scope to the chosen district. The scope is the node of the user's own
 * region when the tree holds it (a city user), else the province.
 */
export function regionTrail(
  tree: readonly ReportRegionOption[],
  scopeCode: string | null | undefined,
  code: string | undefined,
): RegionStep[] {
  const scopePath = scopeCode ? pathTo(tree, scopeCode) : []
  const root: RegionStep = { name: scopePath.at(-1)?.name ?? '浙江省' }
  if (!code) return [root]
  const below = pathTo(tree, code).slice(scopePath.length)
  return [root, ...below.map((n) => ({ code: n.code, name: n.name }))]
}

/** What a row's district is, from its code: 市, 区县 or 乡镇街道. */
export function districtNoun(code: string | undefined): string {
  if (!code || code.length > 6) return '乡镇街道'
  return code.endsWith('00') ? '市' : '区县'
}
