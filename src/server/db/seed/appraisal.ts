/** 亩均效益评价 of the demo: a published batch of every county for every past year, so classes show from the first start. */
import { todayInProductZone } from '../../../domain/today'
import type { Db } from '../engine'
import { publishPastYears } from '../../modules/appraisal/run'

/** Publishes the past years' batches in one transaction; a few 加分/减分 events first, so the demo shows them. */
export async function seedAppraisal(db: Db): Promise<void> {
  const currentYear = Number(todayInProductZone().slice(0, 4))
  await db.transaction(async (tx) => {
    // every 7th enterprise is a 高新技术企业 in the years it reported R&D above 3 % of its revenue
    await tx.exec(`INSERT INTO appraisal_event (enterprise_id, year, name, note, created_by)
      SELECT y.enterprise_id, y.year, '高新技术企业', '高新技术企业认定', 'system' FROM enterprise_yearly y
      WHERE y.enterprise_id % 7 = 0 AND y.rd_expense > 0.03 * y.revenue`)
    await publishPastYears(tx, currentYear)
  })
}
