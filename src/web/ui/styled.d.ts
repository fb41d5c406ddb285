/** Types styled-components' `theme` prop as the product theme. */
import 'styled-components'
import type { AppTheme } from './theme'

declare module 'styled-components' {
  export interface DefaultTheme extends AppTheme {}
}
