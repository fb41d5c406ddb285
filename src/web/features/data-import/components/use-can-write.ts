/**
 * Whether the user may change batches on this page: admin, or a grant of the /system or /systems
 * entry of the page. The /warehouse entry (数据仓库) is read-only (the 审核员 role).
 */
import { useLocation } from 'react-router-dom'
import { isGranted } from '../../../core/permission'
import { useUserMenus } from '../../../core/use-user-menus'

/** true when the user's grants allow writes on `seg` (sjcj or sjcl). */
export function useCanWrite(seg: 'sjcj' | 'sjcl'): { canWrite: boolean; readOnlyEntry: boolean } {
  const { grants, isAdmin } = useUserMenus()
  const readOnlyEntry = useLocation().pathname.startsWith('/warehouse/')
  const granted = isAdmin || ['/system', '/systems'].some((top) => isGranted(`${top}/data/center/${seg}`, grants))
  return { canWrite: granted && !readOnlyEntry, readOnlyEntry }
}
