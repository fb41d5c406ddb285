/** 页面不存在 (/404, spec §2 "address does not exist"). */
import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'
import { useUserMenus } from '../../core/use-user-menus'
import { FullPage } from './full-page'

/** The 404 page. */
export function NotFoundPage() {
  const navigate = useNavigate()
  const { landing } = useUserMenus()
  return (
    <FullPage data-testid="result-404">
      <Result
        status="404"
        title="404 页面不存在"
        subTitle="您访问的地址不存在，可能已被移除或输入有误。"
        extra={
          <Button type="primary" onClick={() => navigate(landing, { replace: true })}>
            返回首页
          </Button>
        }
      />
    </FullPage>
  )
}
