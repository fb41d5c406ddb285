/**
 * 改革动态 on /show: the published reform news from the database (GET /api/show/news), newest
 * first, searchable by title and summary, ten to a page.
 */
import { Button, ConfigProvider, Input, Pagination, theme } from 'antd'
import { useState } from 'react'
import styled from 'styled-components'
import { useShowNews } from './api/show-news-api'

const PAGE_SIZE = 10

/** The portal is a light page inside the walls' dark layout: its controls take the light look. */
const LIGHT = { algorithm: theme.defaultAlgorithm }

const Bar = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-bottom: 8px;
  h2 {
    margin: 0;
  }
`
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`
const Item = styled.li`
  padding: 14px 0;
  border-bottom: 1px solid #e5e9f2;
  h3 {
    margin: 0;
    font-size: 17px;
    color: #1f2937;
  }
  p {
    margin: 6px 0 0;
    font-size: 15px;
    line-height: 1.7;
    color: #4b5563;
  }
`
const Meta = styled.div`
  margin-top: 4px;
  font-size: 13px;
  color: #6b7280;
  span + span {
    margin-left: 16px;
  }
`
const Note = styled.p`
  color: #6b7280;
  font-size: 15px;
`

/** The news section of the portal. */
export function ShowNews() {
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const q = useShowNews({ page, pageSize: PAGE_SIZE, keyword })
  const d = q.data
  return (
    <ConfigProvider theme={LIGHT}>
      <Bar>
        <h2>改革动态</h2>
        <Input.Search
          allowClear
          placeholder="搜索标题或摘要"
          style={{ maxWidth: 280 }}
          data-testid="show-news-search"
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage(1)
          }}
        />
      </Bar>
      {q.isLoading && <Note>改革动态加载中…</Note>}
      {q.isError && (
        <Note role="alert">
          改革动态加载失败：{(q.error as Error).message}{' '}
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        </Note>
      )}
      {d && d.total === 0 && (
        <Note data-testid="show-news-empty">
          {keyword ? `没有标题或摘要包含“${keyword}”的改革动态，请换个关键字。` : '暂无发布的改革动态。'}
        </Note>
      )}
      {d && d.total > 0 && (
        <>
          <List data-testid="show-news">
            {d.list.map((n) => (
              <Item key={n.id} data-testid="show-news-item" data-id={n.id}>
                <h3>{n.title}</h3>
                <Meta>
                  <span data-field="publishDate">{n.publishDate}</span>
                  <span data-field="source">来源：{n.source}</span>
                </Meta>
                <p>{n.summary}</p>
              </Item>
            ))}
          </List>
          <Pagination
            style={{ marginTop: 12, textAlign: 'right' }}
            current={page}
            pageSize={PAGE_SIZE}
            total={d.total}
            showSizeChanger={false}
            showTotal={(t) => `共 ${t} 条`}
            onChange={setPage}
          />
        </>
      )}
    </ConfigProvider>
  )
}
