/** 无权访问 (/403, docs/product.md §2): the page exists but the user's roles hold no menu for it (docs/product.md §5). */
import { StatusResult } from './status-result'

/** The 403 page. */
export function ForbiddenPage() {
  return (
    <StatusResult status="403" title="403 无权访问" subTitle="您的账号未被授予该页面的访问权限，如需使用请联系系统管理员分配菜单权限。" />
  )
}
