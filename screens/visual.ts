/** /visual 可视化大屏: the province overview wall (any signed-in user, spec §6); stretches to any wall. */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, TOP_ENTERPRISE_COLUMNS, at, stat } from './parts'

export const VISUAL_SCREEN: WallScreen = {
  ...FRAME,
  // a command centre's wall may be 32:9 or wider: fill it; charts and text re-render at the real size
  mode: 'stretch',
  key: '/visual',
  title: '浙江省产业用地一张图',
  subtitle: '全省工业用地与亩均效益总览',
  pickers: ['year'],
  refreshMs: 30_000,
  widgets: [
    { id: 'kpi', type: 'kpi', ...at('centre', 100, 150), source: stat('overview'), view: { items: [FIG.parcels, FIG.area, FIG.enterprises, FIG.tax, FIG.taxPerMu] } },
    { id: 'map', type: 'map', title: '设区市亩均税收（点击下钻）', ...at('centre', 266, 794), source: stat('byRegion', [], { level: 'city' }), view: { level: 'city', value: SERIES.taxPerMu, drill: true } },
    { id: 'trend', type: 'line', title: '全省税收与亩均税收趋势', ...at('left', 100, 320), source: { url: '/api/bigData/trend' }, view: { category: 'year', series: [SERIES.tax, SERIES.taxPerMu], area: true } },
    { id: 'cityArea', type: 'bar', title: '设区市工业用地面积', ...at('left', 436, 320), source: stat('byRegion', [], { level: 'city' }), view: { category: 'name', series: [SERIES.areaMu] } },
    { id: 'status', type: 'pie', title: '地块状态', ...at('left', 772, 288), source: stat('classes', [], { by: 'status' }), view: { name: 'name', value: { field: 'count', name: '地块数', unit: '宗' } } },
    { id: 'cityTax', type: 'ranking', title: '设区市亩均税收排行', ...at('right', 100, 420), source: stat('byRegion', [], { level: 'city' }), view: { category: 'name', series: [SERIES.taxPerMu], horizontal: true, sortDesc: true } },
    { id: 'top', type: 'table', title: '企业亩均税收 TOP20', ...at('right', 536, 524), source: stat('topEnterprises', [], { limit: 20 }), view: { visibleRows: 10, rank: true, columns: TOP_ENTERPRISE_COLUMNS } },
  ],
}
