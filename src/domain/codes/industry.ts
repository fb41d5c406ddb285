/**
 * 国民经济行业分类 (GB/T 4754-2017, with its 2019 amendment): the manufacturing divisions
 * C13–C43 that industrial land users belong to (docs/domain.md "Units and codes").
 */

/** Manufacturing divisions (门类 C 制造业, 大类 13–43) with their official names. */
export const INDUSTRY_DIVISIONS = {
  C13: '农副食品加工业',
  C14: '食品制造业',
  C15: '酒、饮料和精制茶制造业',
  C16: '烟草制品业',
  C17: '纺织业',
  C18: '纺织服装、服饰业',
  C19: '皮革、毛皮、羽毛及其制品和制鞋业',
  C20: '木材加工和木、竹、藤、棕、草制品业',
  C21: '家具制造业',
  C22: '造纸和纸制品业',
  C23: '印刷和记录媒介复制业',
  C24: '文教、工美、体育和娱乐用品制造业',
  C25: '石油、煤炭及其他燃料加工业',
  C26: '化学原料和化学制品制造业',
  C27: '医药制造业',
  C28: '化学纤维制造业',
  C29: '橡胶和塑料制品业',
  C30: '非金属矿物制品业',
  C31: '黑色金属冶炼和压延加工业',
  C32: '有色金属冶炼和压延加工业',
  C33: '金属制品业',
  C34: '通用设备制造业',
  C35: '专用设备制造业',
  C36: '汽车制造业',
  C37: '铁路、船舶、航空航天和其他运输设备制造业',
  C38: '电气机械和器材制造业',
  C39: '计算机、通信和其他电子设备制造业',
  C40: '仪器仪表制造业',
  C41: '其他制造业',
  C42: '废弃资源综合利用业',
  C43: '金属制品、机械和设备修理业',
} as const

/** A manufacturing division code, C13 … C43. */
export type IndustryCode = keyof typeof INDUSTRY_DIVISIONS

/** All division codes in order. */
export const INDUSTRY_CODES = Object.keys(INDUSTRY_DIVISIONS) as IndustryCode[]

/** Name of the division a code (C34, or a finer C3411) falls under; undefined when unknown. */
export function industryName(code: string): string | undefined {
  return (INDUSTRY_DIVISIONS as Record<string, string>)[code.slice(0, 3)]
}

/** True when `code` is exactly one of the divisions C13–C43. */
export function isIndustryCode(code: string): code is IndustryCode {
  return Object.prototype.hasOwnProperty.call(INDUSTRY_DIVISIONS, code)
}
