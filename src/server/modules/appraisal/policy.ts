/**
 * 差别化政策: the terms of each class in a county and year (saved, else the built-in ones of
 * src/domain/appraisal-policy.ts) and the per-enterprise policy list over the published classes,
 * for the power and water utilities and the tax office.
 */
import { APPRAISAL_CLASSES, type AppraisalClass } from '../../../domain/appraisal'
import { DEFAULT_POLICY, type PolicyTerms, type QuotaTerm } from '../../../domain/appraisal-policy'
import type { Page } from '../../../domain/contracts/envelope'
import type { AuthUser } from '../../auth/session'
import { regionInScope, scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { Where, contains, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { forbidden } from '../../http/errors'
import { assertStatYear } from './service'

interface PolicyRow {
  county_code: string
  class: AppraisalClass
  electricity_surcharge: number
  water_surcharge: number
  emission_fee_factor: number
  land_tax_relief: number
  new_land: QuotaTerm
  energy_quota: QuotaTerm
  credit: string
}

const termsOf = (r: PolicyRow): PolicyTerms => ({
  electricitySurcharge: r.electricity_surcharge,
  waterSurcharge: r.water_surcharge,
  emissionFeeFactor: r.emission_fee_factor,
  landTaxRelief: r.land_tax_relief,
  newLand: r.new_land,
  energyQuota: r.energy_quota,
  credit: r.credit,
})

/** The four classes' terms of a county and year, each saying whether the county saved it. */
export async function rules(db: Db, scope: DataScope, countyCode: string, year: number) {
  if (!(await regionInScope(db, scope, countyCode))) throw forbidden(`区县 ${countyCode} 不在本账号的数据范围内`)
  const r = await db.query<PolicyRow>('SELECT * FROM appraisal_policy WHERE county_code = $1 AND year = $2', [countyCode, year])
  return APPRAISAL_CLASSES.map((c) => {
    const saved = r.rows.find((x) => x.class.trim() === c)
    return { class: c, saved: !!saved, ...(saved ? termsOf(saved) : DEFAULT_POLICY[c]) }
  })
}

/** Saves the terms of one class. */
export async function save(
  db: Db,
  scope: DataScope,
  f: PolicyTerms & { countyCode: string; year: number; class: AppraisalClass },
  actor: AuthUser,
): Promise<void> {
  await assertStatYear(db, f.year)
  if (!(await regionInScope(db, scope, f.countyCode))) throw forbidden(`区县 ${f.countyCode} 不在本账号的数据范围内`)
  await db.query(
    `INSERT INTO appraisal_policy (county_code, year, class, electricity_surcharge, water_surcharge, emission_fee_factor, land_tax_relief, new_land,
       energy_quota, credit, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (county_code, year, class) DO UPDATE SET electricity_surcharge = EXCLUDED.electricity_surcharge,
       water_surcharge = EXCLUDED.water_surcharge, emission_fee_factor = EXCLUDED.emission_fee_factor, land_tax_relief = EXCLUDED.land_tax_relief,
       new_land = EXCLUDED.new_land, energy_quota = EXCLUDED.energy_quota, credit = EXCLUDED.credit, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [
      f.countyCode,
      f.year,
      f.class,
      f.electricitySurcharge,
      f.waterSurcharge,
      f.emissionFeeFactor,
      f.landTaxRelief,
      f.newLand,
      f.energyQuota,
      f.credit,
      actor.realName,
    ],
  )
}

/** One enterprise's row of the policy list. */
export interface PolicyListRow extends PolicyTerms {
  enterpriseId: number
  name: string
  creditCode: string
  countyName: string | null
  class: AppraisalClass
}

/** The policy list: every enterprise with a published class in the year, and its class's terms in its county. */
export async function list(
  db: Db,
  scope: DataScope,
  year: number,
  f: { class?: string; keyword?: string },
  args: PageArgs,
): Promise<Page<PolicyListRow>> {
  const where = new Where().add('a.year = ?', year).add('NOT e.deleted')
  where.raw(scopeCondition(scope, 'e', where.params))
  where.addIf(f.class, 'a.class = ?')
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  return queryPage<
    PolicyRow & { enterprise_id: number; name: string; credit_code: string; county_name: string | null; cls: AppraisalClass },
    PolicyListRow
  >(
    db,
    {
      select: `e.id AS enterprise_id, e.name, e.credit_code, c.name AS county_name, a.class AS cls, p.county_code, p.electricity_surcharge,
        p.water_surcharge, p.emission_fee_factor, p.land_tax_relief, p.new_land, p.energy_quota, p.credit`,
      from: `enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id LEFT JOIN region c ON c.code = e.county_code
        LEFT JOIN appraisal_policy p ON p.county_code = e.county_code AND p.year = a.year AND p.class = a.class`,
      where,
      order: orderBy(args, { name: 'e.name', class: 'a.class' }, 'e.county_code, a.class, e.id'),
    },
    args,
    (r) => ({
      enterpriseId: r.enterprise_id,
      name: r.name,
      creditCode: r.credit_code,
      countyName: r.county_name,
      class: r.cls,
      ...(r.county_code ? termsOf(r) : DEFAULT_POLICY[r.cls]),
    }),
  )
}
