/** Shown when a page fails to load or throws: a plain Chinese message and a way out. */
import { Button, Result } from 'antd'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

/** The router's error element. */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : ''
  return (
    <Result
      status="error"
      title="页面加载出错"
      subTitle={detail ? `请刷新页面重试。（${detail}）` : '请刷新页面重试。'}
      extra={
        <Button type="primary" onClick={() => globalThis.location.reload()}>
          刷新页面
        </Button>
      }
    />
  )
}
