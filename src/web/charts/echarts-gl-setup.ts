/**
 * ECharts GL for the 3D bar map (issue 6): bar3D on a geo3D map. Imported only through a dynamic
 * import() by the widget that draws it, so the GL code (WebGL engine included) is fetched only on
 * the screens that use it; the other walls and pages never load it.
 */
import { Bar3DChart } from 'echarts-gl/charts'
import { Geo3DComponent } from 'echarts-gl/components'
import { echarts } from './echarts-setup'

echarts.use([Bar3DChart as never, Geo3DComponent as never])

/** Resolves once GL is installed in the shared ECharts core. */
export function installGl(): true {
  return true
}
