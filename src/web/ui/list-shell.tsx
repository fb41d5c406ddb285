/**
 * The frame of an admin page: title and purpose, a toolbar (search and actions), then the
 * content; a failed load shows the server's message with 重试 instead of an empty table.
 */
import { Alert, Button, Empty } from 'antd'
import type { ReactNode } from 'react'
import styled from 'styled-components'

const Wrap = styled.section`
  padding: 16px 20px 20px;
  h1 {
    margin: 0;
    font-size: 18px;
    font-weight: 600;
    color: ${({ theme }) => theme.primary};
  }
  > header {
    display: flex;
    align-items: baseline;
    gap: 12px;
    margin-bottom: 12px;
    p {
      margin: 0;
      color: ${({ theme }) => theme.textMuted};
      font-size: 13px;
    }
  }
`

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-bottom: 12px;
  .ant-form-inline .ant-form-item {
    margin-bottom: 8px;
  }
`

/** A table's empty state: the picture and what is missing, in words. */
export function emptyState(description: string): ReactNode {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />
}

/** A failed load: the server's message and 重试. */
export function LoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <div role="alert" data-testid="load-error" style={{ marginBottom: 12 }}>
      <Alert
        type="error"
        showIcon
        title={`加载失败：${error.message}`}
        action={
          onRetry && (
            <Button size="small" onClick={onRetry}>
              重试
            </Button>
          )
        }
      />
    </div>
  )
}

/** Page frame of an admin list. */
export function ListShell({
  title,
  intro,
  toolbar,
  error,
  onRetry,
  children,
  testId,
}: {
  title: string
  intro?: string
  toolbar?: ReactNode
  error?: Error | null
  onRetry?: () => void
  children: ReactNode
  testId: string
}) {
  return (
    <Wrap data-testid={testId}>
      <header>
        <h1>{title}</h1>
        {intro && <p>{intro}</p>}
      </header>
      {toolbar && <Toolbar>{toolbar}</Toolbar>}
      {error && <LoadError error={error} onRetry={onRetry} />}
      {children}
    </Wrap>
  )
}
