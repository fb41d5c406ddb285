/** Tabs of a data-centre page, the open tab kept in the URL (?tab=) so a link opens it. */
import { Alert, Tabs, type TabsProps } from 'antd'
import { useSearchParams } from 'react-router-dom'
import { useConfirmDiscard } from '../../../ui/unsaved-changes'

/** Tabs whose active key is the `tab` search parameter (default the first); leaving a tab with unsaved input asks first. */
export function PageTabs({ items, testId }: { items: NonNullable<TabsProps['items']>; testId?: string }) {
  const [sp, setSp] = useSearchParams()
  const active = sp.get('tab') ?? String(items[0]?.key)
  const confirmDiscard = useConfirmDiscard()
  return (
    <Tabs
      data-testid={testId}
      activeKey={active}
      destroyOnHidden
      onChange={(tab) =>
        void confirmDiscard().then((go) => {
          if (!go) return
          // a tab's own list parameters do not belong to the next tab
          const next = new URLSearchParams()
          if (tab !== items[0]?.key) next.set('tab', tab)
          setSp(next)
        })
      }
      items={items}
    />
  )
}

/** Said on a screen the user may only read. */
export function ReadOnlyNotice({ what }: { what: string }) {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={`当前为只读视图：可查看与导出，${what}请在“系统平台 → 数据中心”中办理（需相应菜单权限）。`}
    />
  )
}
