/** /bigData/park 园区分析: one park's dashboard, chosen in the title bar (?cityCode=&parkId=). */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, TOP_ENTERPRISE_COLUMNS, at, stat } from './parts'

const PARK = ['parkId'] as const

export const PARK_SCREEN: WallScreen = {
  ...FRAME,
  key: '/bigData/park',
  title: '园区工业用地分析',
  pickers: ['year', 'city', 'park'],
  widgets: [
    // the parks' own totals (inParks): the sum of the park rows, never the province's
    {
      id: 'kpi',
      type: 'kpi',
      ...at('centre', 100, 150),
      source: stat('overview', PARK, { inParks: 'true' }),
      view: { items: [FIG.area, FIG.parcels, FIG.enterprises, FIG.scale, FIG.taxPerMu] },
    },
    {
      id: 'trend',
      type: 'line',
      title: '园区税收与亩均税收趋势',
      ...at('centre', 266, 420),
      source: { url: '/api/bigData/trend', params: { parkId: '$parkId' } },
      view: { category: 'year', series: [SERIES.tax, SERIES.taxPerMu], area: true },
    },
    {
      id: 'top',
      type: 'table',
      title: '园区企业亩均税收排行',
      ...at('centre', 702, 358),
      source: stat('topEnterprises', PARK, { limit: 20 }),
      view: { visibleRows: 6, rank: true, columns: TOP_ENTERPRISE_COLUMNS },
    },
    {
      id: 'status',
      type: 'pie',
      title: '地块状态',
      ...at('left', 100, 470),
      source: stat('classes', PARK, { by: 'status' }),
      view: { name: 'name', value: SERIES.parcelsOfClass },
    },
    {
      id: 'supply',
      type: 'pie',
      title: '供地方式',
      ...at('left', 586, 474),
      source: stat('classes', PARK, { by: 'supplyMethod' }),
      view: { name: 'name', value: SERIES.areaOfClass, ring: 0 },
    },
    {
      id: 'industry',
      type: 'ranking',
      title: '园区行业结构（用地企业数）',
      ...at('right', 100, 470),
      source: stat('byIndustry', PARK),
      view: { category: 'name', series: [SERIES.enterpriseCount], horizontal: true, sortDesc: true, limit: 8 },
    },
    {
      id: 'low',
      type: 'gauge',
      title: '园区低效闲置用地（宗）',
      ...at('right', 586, 474),
      source: stat('overview', PARK, { inParks: 'true' }),
      view: { value: { field: 'lowEfficiencyCount', name: '低效闲置', unit: '宗', figure: 'lowEfficiencyCount' }, max: 'parcelCount' },
    },
  ],
}
