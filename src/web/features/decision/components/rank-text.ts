/** The rank sentence of 企业指标 (contract EnterpriseIndicators: rank by 亩均税收 among the peers). */
import type { EnterpriseIndicators } from '../../../../domain/contracts/decision'

/** 在 {peers.label} {peers.count} 家中排第 {rank}; without figures, why there is no rank. */
export function rankText(d: Pick<EnterpriseIndicators, 'peers' | 'rank'>): string {
  return d.rank === null
    ? `本年度无填报数据，未参与${d.peers.label} ${d.peers.count} 家的排名`
    : `在 ${d.peers.label} ${d.peers.count} 家中排第 ${d.rank}`
}
