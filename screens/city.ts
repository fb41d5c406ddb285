/** /bigData/city 城市分析: one city's dashboard, the city chosen in the title bar (?cityCode=). */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, TOP_ENTERPRISE_COLUMNS, at, stat } from './parts'

const CITY = ['cityCode'] as const

export const CITY_SCREEN: WallScreen = {
  ...FRAME,
  key: '/bigData/city',
  title: '城市工业用地分析',
  pickers: ['year', 'city'],
  widgets: [
    {
      id: 'kpi',
      type: 'kpi',
      ...at('centre', 100, 150),
      source: stat('overview', CITY),
      view: { items: [FIG.area, FIG.parcels, FIG.enterprises, FIG.taxPerMu, FIG.low] },
    },
    // ECharts GL, loaded only on this screen: one bar per county, its height the county's 亩均税收
    {
      id: 'map',
      type: 'bar3dmap',
      title: '县（市、区）亩均税收（三维）',
      ...at('centre', 266, 794),
      source: stat('byRegion', CITY, { level: 'county' }),
      view: { level: 'county', value: SERIES.taxPerMu },
    },
    {
      id: 'status',
      type: 'pie',
      title: '地块状态',
      ...at('left', 100, 300),
      source: stat('classes', CITY, { by: 'status' }),
      view: { name: 'name', value: SERIES.parcelsOfClass },
    },
    {
      id: 'trend',
      type: 'line',
      title: '税收与亩均税收趋势',
      ...at('left', 416, 320),
      source: { url: '/api/bigData/trend', params: { cityCode: '$cityCode' } },
      view: { category: 'year', series: [SERIES.tax, SERIES.taxPerMu], area: true },
    },
    {
      id: 'industry',
      type: 'ranking',
      title: '主要行业用地企业数',
      ...at('left', 752, 308),
      source: stat('byIndustry', CITY),
      view: { category: 'name', series: [SERIES.enterpriseCount], horizontal: true, sortDesc: true, limit: 6 },
    },
    {
      id: 'countyTax',
      type: 'ranking',
      title: '县（市、区）亩均税收排行',
      ...at('right', 100, 470),
      source: stat('byRegion', CITY, { level: 'county' }),
      view: { category: 'name', series: [SERIES.taxPerMu], horizontal: true, sortDesc: true, limit: 10 },
    },
    {
      id: 'top',
      type: 'table',
      title: '企业亩均税收 TOP20',
      ...at('right', 586, 474),
      source: stat('topEnterprises', CITY, { limit: 20 }),
      view: { visibleRows: 9, rank: true, columns: TOP_ENTERPRISE_COLUMNS },
    },
  ],
}
