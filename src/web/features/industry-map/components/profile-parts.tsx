/** Parts both profiles are built of: the heading with the record's name and tags, a titled section, and the loading / failed states. */
import { Alert, Empty, Spin } from 'antd'
import type { ReactNode } from 'react'
import styled from 'styled-components'

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding-bottom: 10px;
  margin-bottom: 12px;
  border-bottom: 1px solid #e5e9f2;
  h2 {
    margin: 0;
    font-size: 17px;
    font-weight: 600;
    color: ${({ theme }) => theme.text};
  }
  .extra {
    margin-left: auto;
  }
`

/** The record's name, its tags and the links beside it. */
export function ProfileHead({ title, tags, extra }: { title: string; tags?: ReactNode; extra?: ReactNode }) {
  return (
    <Head>
      <h2 data-testid="profile-title">{title}</h2>
      {tags}
      {extra && <span className="extra">{extra}</span>}
    </Head>
  )
}

const Titled = styled.section`
  margin-top: 16px;
  > h3 {
    margin: 0 0 8px;
    font-size: 14px;
    font-weight: 600;
    color: ${({ theme }) => theme.primary};
  }
`

/** A part of a profile under its title. */
export function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Titled data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </Titled>
  )
}

/** While a profile (or a group, `what`) loads, or when it cannot (the server's words, e.g. 不在您的数据范围内). */
export function ProfileState({ loading, error, what = '档案' }: { loading: boolean; error: Error | null; what?: string }) {
  if (loading) return <Spin style={{ display: 'block', padding: '80px 0' }} />
  if (error)
    return (
      <div role="alert" data-testid="profile-error">
        <Alert type="error" showIcon title={`${what}读取失败：${error.message}`} />
      </div>
    )
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无数据" />
}
