/**
 * Whether the user may act (propose, claim, audit) on a data-centre screen: writes are granted by
 * the /system (or /systems) page; the /warehouse entry point is the read-only view (README:
 * 审核员 — 数据中心（只读）). The server decides the same way (server modules/datacenter/pages.ts).
 */
import { isGranted } from '../../../core/permission'
import { useUserMenus } from '../../../core/use-user-menus'

/** `leaf`: 'input', 'foundGyyd', 'audit/gyyd' … */
export function useCanWrite(leaf: string): boolean {
  const { grants, isAdmin } = useUserMenus()
  const path = (entry: string) => (leaf.startsWith('audit/') ? `/${entry}/${leaf}` : `/${entry}/data/center/${leaf}`)
  return isAdmin || isGranted(path('system'), grants) || isGranted(path('systems'), grants)
}
