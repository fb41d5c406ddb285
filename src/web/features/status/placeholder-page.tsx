/**
 * A page whose screen comes in a later issue: the route's real title and, plainly, 该功能建设中
 * with the area it belongs to. No invented figures.
 */
import { Empty } from 'antd'
import styled from 'styled-components'
import { useCurrentRoute } from '../../ui/use-current-route'

const Wrap = styled.section<{ $dark: boolean }>`
  padding: 24px;
  min-height: 100%;
  color: ${({ $dark, theme }) => ($dark ? theme.screenText : theme.text)};
  h1 {
    margin: 0 0 24px;
    font-size: 22px;
    font-weight: 600;
    color: ${({ $dark, theme }) => ($dark ? theme.screenText : theme.primary)};
  }
`

/** 建设中 placeholder, titled from the route table. */
export function PlaceholderPage() {
  const route = useCurrentRoute()
  const title = route?.title ?? ''
  const area = route?.trail.slice(0, -1).join(' / ') || route?.title || ''
  return (
    <Wrap $dark={route?.layout === 'screen'}>
      <h1>{title}</h1>
      <div data-testid="under-construction">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div style={{ fontSize: 16, fontWeight: 500 }}>该功能建设中</div>
              <div style={{ marginTop: 8, opacity: 0.75 }}>所属板块：{area}</div>
            </>
          }
        />
      </div>
    </Wrap>
  )
}
