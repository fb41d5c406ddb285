/** 无权访问 (/403, spec §2): the page exists but the user's roles hold no menu for it (spec §5). */
import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'
import { useUserMenus } from '../../core/use-user-menus'
import { FullPage } from './full-page'

/** The 403 page. */
export function ForbiddenPage() {
  const navigate = useNavigate()
  const { landing } = useUserMenus()
  return (
    <FullPage data-testid="result-403">
      <Result
        status="403"
        title="403 无权访问"
        subTitle="您的账号未被授予该页面的访问权限，如需使用请联系系统管理员分配菜单权限。"
        extra={
          <Button type="primary" onClick={() => navigate(landing, { replace: true })}>
            返回首页
          </Button>
        }
      />
    </FullPage>
  )
}
