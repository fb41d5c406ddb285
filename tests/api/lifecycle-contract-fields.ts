/**
 * The 标准地 双合同 fields a 项目签约 must carry (docs/domain.md "工业用地全生命周期"), for the lifecycle API
 * tests: contract numbers made unique by `tag`, the 出让合同 a week after signing, 约定开工 and 约定竣工
 * dates after it.
 */
import { addMonths } from '../../src/domain/lifecycle'

export function contractFields(tag: string, signed: string, patch: Record<string, unknown> = {}) {
  const contractDate = addDays(signed, 7)
  return {
    investAgreementNo: `投资协议〔测试〕${tag}号`,
    landContractNo: `330000-测试-${tag}`,
    landContractDate: contractDate,
    supplyMethod: '出让',
    supplyPriceYuan: '12345678.91',
    performanceBondYuan: '1234567.89',
    latePenaltyPermille: 1,
    taxPenaltyPercent: 100,
    startDeadline: addMonths(contractDate, 12),
    completionDeadline: addMonths(contractDate, 36),
    ...patch,
  }
}

/** A date `days` later (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
