/**
 * /visual 可视化大屏: the province overview wall (any signed-in user, docs/product.md §6); stretches to any
 * wall. 年度 and 月份 in the title bar: 供地 by month of the year, lifecycle stages of the month.
 */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, TOP_ENTERPRISE_COLUMNS, at, stat } from './parts'

export const VISUAL_SCREEN: WallScreen = {
  ...FRAME,
  // a command centre's wall may be 32:9 or wider: fill it; charts and text re-render at the real size
  mode: 'stretch',
  key: '/visual',
  title: '浙江省产业用地一张图',
  subtitle: '全省工业用地与亩均效益总览',
  pickers: ['year', 'month'],
  refreshMs: 30_000,
  widgets: [
    {
      id: 'kpi',
      type: 'kpi',
      ...at('centre', 100, 150),
      source: stat('overview'),
      view: { items: [FIG.parcels, FIG.area, FIG.enterprises, FIG.tax, FIG.taxPerMu] },
    },
    {
      id: 'map',
      type: 'map',
      title: '设区市亩均税收（点击下钻）',
      ...at('centre', 266, 794),
      source: stat('byRegion', [], { level: 'city' }),
      view: { level: 'city', value: SERIES.taxPerMu, drill: true },
    },
    {
      id: 'trend',
      type: 'line',
      title: '全省税收与亩均税收趋势',
      ...at('left', 100, 296),
      source: { url: '/api/bigData/trend' },
      view: { category: 'year', series: [SERIES.tax, SERIES.taxPerMu], area: true },
    },
    {
      id: 'cityArea',
      type: 'bar',
      title: '设区市工业用地面积',
      ...at('left', 412, 296),
      source: stat('byRegion', [], { level: 'city' }),
      view: { category: 'name', series: [SERIES.areaMu] },
    },
    // the lifecycle today: 逾期 is the catalogue's overdueCount, the number 一本账 and the lifecycle globe show
    {
      id: 'lifecycleToday',
      type: 'kpi',
      ...at('left', 724, 96),
      source: { url: '/api/bigData/lifecycleToday' },
      view: {
        items: [
          { field: 'inConstructionCount', label: '在建项目', unit: '个', figure: 'inConstructionCount' },
          { field: 'overdueCount', label: '逾期项目', unit: '个', figure: 'overdueCount' },
          { field: 'failedEvaluationCount', label: '评价未达标', unit: '个', figure: 'failedEvaluationCount' },
        ],
      },
    },
    // stage dates of lifecycle projects falling in the chosen month (monthly by nature)
    {
      id: 'lifecycleMonth',
      type: 'bar',
      title: '{year}年{month}月 项目全生命周期进展',
      ...at('left', 828, 232),
      source: stat('lifecycleByMonth', [], { month: '$month' }),
      view: {
        category: 'name',
        series: [{ field: 'count', name: '阶段进展项目数', unit: '个', figure: 'stageReachedCount' }],
        horizontal: true,
      },
    },
    {
      id: 'cityTax',
      type: 'ranking',
      title: '设区市亩均税收排行',
      ...at('right', 100, 320),
      source: stat('byRegion', [], { level: 'city' }),
      view: { category: 'name', series: [SERIES.taxPerMu], horizontal: true, sortDesc: true },
    },
    // 供地 by month of supply_date over the chosen year
    {
      id: 'supplyMonth',
      type: 'bar',
      title: '{year}年月度供地面积（亩）',
      ...at('right', 436, 300),
      source: stat('supplyByMonth'),
      view: { category: 'name', series: [{ field: 'areaMu', name: '供地面积', unit: '亩', digits: 2, figure: 'suppliedAreaMu' }] },
    },
    {
      id: 'top',
      type: 'table',
      title: '企业亩均税收 TOP20',
      ...at('right', 752, 308),
      source: stat('topEnterprises', [], { limit: 20 }),
      view: { visibleRows: 6, rank: true, columns: TOP_ENTERPRISE_COLUMNS },
    },
  ],
}
