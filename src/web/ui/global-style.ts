/**
 * Global styles: full-height root, the brand font, and the request progress bar (docs/product.md §8) in
 * the theme colour. nprogress's own stylesheet is replaced by these few rules.
 */
import { createGlobalStyle } from 'styled-components'
import { BRAND } from './theme'

/** Mounted once by the app providers. */
export const GlobalStyle = createGlobalStyle`
  html, body, #root { height: 100%; margin: 0; }
  body { font-family: ${BRAND.fontFamily}; color: ${BRAND.text}; background: ${BRAND.pageBg}; }
  #nprogress { pointer-events: none; }
  #nprogress .bar {
    background: ${BRAND.primary};
    position: fixed; z-index: 2000; top: 0; left: 0; width: 100%; height: 3px;
  }
  #nprogress .peg {
    display: block; position: absolute; right: 0; width: 100px; height: 100%;
    box-shadow: 0 0 10px ${BRAND.primary}, 0 0 5px ${BRAND.primary};
    opacity: 1; transform: rotate(3deg) translate(0, -4px);
  }
`
