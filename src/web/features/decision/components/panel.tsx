/** A titled block of an analysis page: a chart or a table with its controls and a caption. */
import type { ReactNode } from 'react'
import styled from 'styled-components'

const Box = styled.section`
  border: 1px solid #e3e8f0;
  border-radius: 6px;
  padding: 14px 16px 12px;
  margin-bottom: 16px;
  background: #fff;
  > header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 16px;
    margin-bottom: 10px;
    h2 {
      margin: 0;
      font-size: 15px;
      font-weight: 600;
      color: ${({ theme }) => theme.text};
    }
  }
  > .lead {
    margin: -4px 0 4px;
    font-size: 13px;
    color: ${({ theme }) => theme.text};
  }
  > footer {
    margin-top: 6px;
    font-size: 12px;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** Props of {@link Panel}. */
export interface PanelProps {
  title: ReactNode
  /** controls at the right of the title */
  extra?: ReactNode
  /** the block's message in one sentence, under the title */
  lead?: ReactNode
  /** how to read the block, under it */
  caption?: ReactNode
  children: ReactNode
  testId?: string
}

/** A bordered block with a title line and an optional caption. */
export function Panel({ title, extra, lead, caption, children, testId }: PanelProps) {
  return (
    <Box data-testid={testId}>
      <header>
        <h2>{title}</h2>
        {extra}
      </header>
      {lead && (
        <p className="lead" data-testid={testId && `${testId}-lead`}>
          {lead}
        </p>
      )}
      {children}
      {caption && <footer>{caption}</footer>}
    </Box>
  )
}
