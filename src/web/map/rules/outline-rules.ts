/**
 * Levels without outlines (issue 19 "Honest without outlines"), pure: which levels a map needs and
 * the database lacks, and what an administrator is told about them.
 */
import { IMPORT_BOUNDARIES_COMMAND, OUTLINE_LEVELS, type OutlineLevel, type OutlineLevels } from '../../../domain/contracts/outlines'

const LEVEL_NAMES: Record<OutlineLevel, string> = { province: '省级', city: '市级', county: '县级' }

/** The levels of `needed` that have no outline at all, top down; none while `levels` is unknown. */
export function missingLevels(levels: OutlineLevels | null | undefined, needed: readonly OutlineLevel[]): OutlineLevel[] {
  if (!levels) return []
  return OUTLINE_LEVELS.filter((l) => needed.includes(l) && !levels[l])
}

/** The administrators' hint: which outlines are missing, how their figures show, and the import command. */
export function outlineHintText(missing: readonly OutlineLevel[]): string {
  const names = missing.map((l) => LEVEL_NAMES[l]).join('、')
  return `未导入${names}边界：${names}数据以驻地符号显示。管理员可用 ${IMPORT_BOUNDARIES_COMMAND} 导入审图号边界`
}

/** The line everyone reads on a wall's legend (no command: leaders are not told to run one). */
export function seatLegendText(missing: readonly OutlineLevel[]): string {
  return `${missing.map((l) => LEVEL_NAMES[l]).join('、')}以驻地符号显示`
}
