/**
 * The request progress bar (docs/product.md §8: the progress bar ends on every answer). The bar is
 * nprogress; its colour comes from the theme's global style (ui/global-style).
 */
import NProgress from 'nprogress'

/** What the http client needs of a progress bar. */
export interface ProgressBar {
  start(): void
  done(): void
}

NProgress.configure({ showSpinner: false, trickleSpeed: 200 })

/** The nprogress bar at the top of the window. */
export const PROGRESS_BAR: ProgressBar = {
  start: () => {
    NProgress.start()
  },
  done: () => {
    NProgress.done()
  },
}
