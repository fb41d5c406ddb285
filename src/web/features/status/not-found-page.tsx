/** 页面不存在 (/404, docs/product.md §2 "unknown address"). */
import { StatusResult } from './status-result'

/** The 404 page. */
export function NotFoundPage() {
  return <StatusResult status="404" title="404 页面不存在" subTitle="您访问的地址不存在，可能已被移除或输入有误。" />
}
