/** A centred spinner while a lazy page or the user's menus load. */
import { Spin } from 'antd'
import styled from 'styled-components'

const Centre = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 240px;
  height: 100%;
`

/** 加载中 */
export function PageSpin({ tip = '加载中…' }: { tip?: string }) {
  return (
    <Centre role="status" aria-live="polite">
      <Spin description={tip} />
    </Centre>
  )
}
