/** 亩均效益评价 of the demo: a published batch of every county for every past year, so classes show from the first start. */
import { todayInProductZone } from '../../../domain/today'
import type { Db } from '../engine'
import { publishPastYears } from '../../modules/appraisal/run'
import { emptyForBulkWrite, withForeignKeysCheckedOnce } from './bulk'

/** Publishes the past years' batches in one transaction; a few 加分/减分 events first, so the demo shows them. */
export async function seedAppraisal(db: Db): Promise<void> {
  const currentYear = Number(todayInProductZone().slice(0, 4))
  await db.transaction(async (tx) => {
    // where each seeded input came from: its department reported it early in the following year
    // (税务 in February, 统计 and 自然资源 in March, 电力 and 人社 in April, 环保 in May), never after today
    await emptyForBulkWrite(tx, ['appraisal_input_source', 'appraisal_result'])
    await withForeignKeysCheckedOnce(tx, 'appraisal_input_source', () =>
      tx.exec(`INSERT INTO appraisal_input_source (enterprise_id, year, item, source, reported_date, updated_by)
      SELECT y.enterprise_id, y.year, i.item, i.source,
             LEAST(make_date(y.year + 1, i.month, 1 + (y.enterprise_id * 7 + y.year) % 25), current_date), 'system'
      FROM enterprise_yearly y
      CROSS JOIN LATERAL (VALUES
        ('tax', '税务', 2, y.tax), ('value_added', '统计', 3, y.value_added), ('revenue', '统计', 3, y.revenue),
        ('rd_expense', '统计', 3, y.rd_expense), ('energy', '电力', 4, y.energy), ('emissions', '环保', 5, y.emissions),
        ('employees', '人社', 4, y.employees), ('land_area_m2', '自然资源', 3, y.land_area_m2)
      ) AS i(item, source, month, v)
      WHERE i.v IS NOT NULL`),
    )
    // every 7th enterprise is a 高新技术企业 in the years it reported R&D above 3 % of its revenue
    await tx.exec(`INSERT INTO appraisal_event (enterprise_id, year, name, note, created_by)
      SELECT y.enterprise_id, y.year, '高新技术企业', '高新技术企业认定', 'system' FROM enterprise_yearly y
      WHERE y.enterprise_id % 7 = 0 AND y.rd_expense > 0.03 * y.revenue`)
    await withForeignKeysCheckedOnce(tx, 'appraisal_result', () => publishPastYears(tx, currentYear))
    // statistics of the published batches, as demo.ts takes them of the master tables: without
    // them the planner takes the year's published batches for one row and, looking up a class per
    // enterprise (an export in key order), reads them again for every enterprise
    await tx.exec('ANALYZE appraisal_batch; ANALYZE appraisal_result')
  })
}
