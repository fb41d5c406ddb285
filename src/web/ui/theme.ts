/**
 * The product's look: a government blue with a red accent, as antd theme tokens and as the
 * styled-components theme. One source for both, so antd and our own styles agree.
 */
import type { ThemeConfig } from 'antd'

/** Brand colours and fonts. */
export const BRAND = {
  /** 政务蓝 — primary */
  primary: '#1d4e9e',
  primaryDark: '#123672',
  primaryDeep: '#0a1f45',
  /** 中国红 — accent, used sparingly */
  accent: '#c8161d',
  /** page background of the ordinary frames */
  pageBg: '#f0f3f8',
  /** the full-screen (video wall) frame */
  screenBg: '#050d1f',
  screenText: '#d6e4ff',
  text: '#1f2937',
  textMuted: '#6b7280',
  fontFamily: "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Hiragino Sans GB', system-ui, sans-serif",
} as const

/** The styled-components theme. */
export type AppTheme = typeof BRAND

/** antd tokens (ConfigProvider theme). */
export const ANTD_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorLink: BRAND.primary,
    colorError: BRAND.accent,
    borderRadius: 4,
    fontFamily: BRAND.fontFamily,
  },
  components: {
    Layout: { headerBg: BRAND.primary, siderBg: '#ffffff', bodyBg: BRAND.pageBg, headerHeight: 56, headerPadding: '0 20px' },
    Menu: { itemSelectedBg: '#e8eef9', itemSelectedColor: BRAND.primary },
  },
}
