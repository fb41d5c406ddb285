/** One colour per 盘活方式, shared by the charts, the map and its legend of 盘活成效. */
import { PLAN_METHODS, type PlanMethod } from '../../../../domain/revitalize'

/** The colour of each method. */
export const METHOD_COLORS: Record<PlanMethod, string> = {
  收回收储: '#1677ff',
  企业自主再开发: '#52c41a',
  兼并重组: '#722ed1',
  合作开发: '#13c2c2',
  用途调整: '#fa8c16',
  复垦: '#a0d911',
  司法处置: '#eb2f96',
}

/** The legend rows, in the order of the methods. */
export const METHOD_LEGEND = PLAN_METHODS.map((m) => ({ label: m, color: METHOD_COLORS[m], shape: 'square' as const }))
