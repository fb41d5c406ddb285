/** A record's name in a list as a link-styled button: the row opens on click, and on Tab + Enter. */
import { Button } from 'antd'
import type { ReactNode } from 'react'

/** Opens a record from its list row. */
export function RowLink({ onClick, children, testId }: { onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Button
      type="link"
      size="small"
      data-testid={testId}
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      onClick={(e) => {
        // the row's own click opens it too: once is enough
        e.stopPropagation()
        onClick()
      }}
    >
      {children}
    </Button>
  )
}
