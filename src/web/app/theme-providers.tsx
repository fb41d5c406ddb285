/**
 * The look of every screen: antd (zh_CN, theme tokens), the styled-components theme and the global
 * styles. Apart from the app's other providers so that the light sign-in start can use it alone.
 */
import { ConfigProvider } from 'antd'
import zhCN from 'antd/es/locale/zh_CN'
import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { GlobalStyle } from '../ui/global-style'
import { ANTD_THEME, BRAND } from '../ui/theme'

/** Wraps a screen in the product's theme. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={ANTD_THEME}>
      <ThemeProvider theme={BRAND}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ConfigProvider>
  )
}
