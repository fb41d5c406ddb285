/** The frame shared by the 403 and 404 pages: a result with a way back to the landing route. */
import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'
import { useUserMenus } from '../../core/use-user-menus'
import { FullPage } from './full-page'

/** A full-page status result. */
export function StatusResult({ status, title, subTitle }: { status: '403' | '404'; title: string; subTitle: string }) {
  const navigate = useNavigate()
  const { landing } = useUserMenus()
  return (
    <FullPage data-testid={`result-${status}`}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate(landing, { replace: true })}>
            返回首页
          </Button>
        }
      />
    </FullPage>
  )
}
