/**
 * The SQL of the 盘活处置 figures (catalogue stockCount, stockAreaMu, idleFeeDue, idleFeePaid): the
 * population 盘活处置用地, one row per parcel, as of today — parcels with an idle case (闲置, state
 * of view idle_land_disposal), parcels in the 低效用地台账 (低效, state of view
 * low_efficiency_disposal), and land in the books whose status is 低效 or 闲置 without either (未处置).
 * It is NOT 低效用地 (it keeps the 已完成 and the 销号): the page shows 低效用地 beside it from
 * {@link lowLand} (./sql), as the walls do.
 */
import { parcelToday } from './sql'

/**
 * 盘活处置用地 as a subquery: parcel_id, kind (低效 | 闲置), state (未处置 | 方案中 | 实施中 | 已完成),
 * case_id, ledger_id, plan_id, method. Join it to `parcel` for the shape, area and region.
 */
export const STOCK_LAND_SQL = `(
  SELECT sp.id AS parcel_id,
         CASE WHEN ic.parcel_id IS NOT NULL OR (led.parcel_id IS NULL AND sp.status = '闲置') THEN '闲置' ELSE '低效' END AS kind,
         COALESCE(ic.disposal_state, led.disposal_state, '未处置')::text AS state,
         ic.case_id, led.ledger_id, led.plan_id, COALESCE(ic.method, led.method)::text AS method
    FROM parcel sp
    LEFT JOIN idle_land_disposal ic ON ic.parcel_id = sp.id
    LEFT JOIN low_efficiency_disposal led ON led.parcel_id = sp.id
   WHERE NOT sp.deleted AND (ic.parcel_id IS NOT NULL OR led.parcel_id IS NOT NULL OR (sp.status IN ('低效', '闲置') AND ${parcelToday('sp')}))
)`

/** 盘活处置地块数 and 面积 (平方米) over rows of {@link STOCK_LAND_SQL} joined to parcel `p`. */
export const stockSums = (p = 'p'): string => `count(*)::int AS stock_count, COALESCE(sum(${p}.area_m2), 0)::float8 AS stock_m2`

/**
 * 应缴 and 已缴土地闲置费 in 分 (integers summed exactly; read as float8, exact below 2^53 分) over the
 * latest case of each parcel (alias `c`, joined through idle_land_disposal): due where the disposal
 * is 征缴土地闲置费, paid as recorded.
 */
export const idleFeeSums = (c = 'c'): string =>
  `COALESCE(sum(${c}.fee_due_fen) FILTER (WHERE ${c}.method = '征缴土地闲置费'), 0)::float8 AS fee_due_fen,
   COALESCE(sum((SELECT sum(f.amount_fen) FROM idle_fee f WHERE f.case_id = ${c}.id)), 0)::float8 AS fee_paid_fen`
