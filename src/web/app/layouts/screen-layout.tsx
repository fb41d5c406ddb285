/** The 'screen' layout: a full-screen dark frame with only the title (walls fill it in later issues). */
import { ConfigProvider, theme } from 'antd'
import { Outlet, useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { findRoute } from '../../../domain/route-table'
import { getRuntimeConfig } from '../../core/runtime-config'
import { sectionPath } from '../side-menu-model'

/** antd's dark algorithm for everything drawn inside the wall frame. */
const SCREEN_THEME = { algorithm: theme.darkAlgorithm, token: { colorBgContainer: 'transparent' } }

const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: radial-gradient(ellipse at 50% 0%, #0d2a5c 0%, ${({ theme }) => theme.screenBg} 70%);
  color: ${({ theme }) => theme.screenText};
`

const Title = styled.header`
  height: 72px;
  display: flex;
  align-items: center;
  justify-content: center;
  border-bottom: 1px solid rgba(80, 140, 255, 0.35);
  box-shadow: 0 2px 24px rgba(40, 110, 255, 0.25);
  h1 {
    margin: 0;
    font-size: 30px;
    letter-spacing: 8px;
    color: #e8f0ff;
    text-shadow: 0 0 12px rgba(80, 150, 255, 0.8);
  }
`

const Stage = styled.main`
  flex: 1;
  position: relative;
`

/** Screen frame. */
export function ScreenLayout() {
  const { pathname } = useLocation()
  const config = getRuntimeConfig()
  const section = findRoute(sectionPath(pathname))?.title
  return (
    <ConfigProvider theme={SCREEN_THEME}>
      <Screen data-testid="screen-frame">
        <Title>
          <h1>{section ? `${config.appTitle} · ${section}` : config.appTitle}</h1>
        </Title>
        <Stage>
          <Outlet />
        </Stage>
      </Screen>
    </ConfigProvider>
  )
}
