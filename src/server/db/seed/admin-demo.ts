/**
 * Demo reference data of the admin pages (embedded default only): 区域标准 for the province and
 * its cities, and a few registered phones. Deterministic, like the rest of the demo.
 */
import type { Db } from '../engine'
import { Rng } from './rng'

/** Province-wide benchmarks of 2025 (万元/亩 etc.); cities and earlier years vary around them. */
const PROVINCE_2025 = {
  tax_per_mu: 35,
  value_added_per_mu: 160,
  revenue_per_mu: 650,
  plot_ratio: 1.2,
  building_density: 40,
  investment_intensity: 350,
  labor_productivity: 32,
  energy_value_added: 3.2,
}

/** Writes the benchmarks of 2023–2025 for 330000 and its cities, and six phones of the demo users. */
export async function seedAdminDemo(db: Db): Promise<void> {
  const rng = new Rng(20261122)
  const regions = (
    await db.query<{ code: string }>(
      "SELECT code FROM region WHERE code = '330000' OR (level = 'city' AND parent_code = '330000') ORDER BY code",
    )
  ).rows
  const rows: Record<string, unknown>[] = []
  for (const { code } of regions) {
    const regional = code === '330000' ? 1 : rng.range(0.75, 1.25)
    for (const year of [2023, 2024, 2025]) {
      const yearly = 1 - (2025 - year) * 0.06
      const row: Record<string, unknown> = { region_code: code, year, remark: code === '330000' ? '全省基准' : '', updated_by: 'admin' }
      for (const [k, v] of Object.entries(PROVINCE_2025)) {
        const scaled = k === 'plot_ratio' || k === 'building_density' ? v : v * regional * yearly
        row[k] = Math.round(scaled * 100) / 100
      }
      rows.push(row)
    }
  }
  await db.query(
    `INSERT INTO region_standard(region_code, year, tax_per_mu, value_added_per_mu, revenue_per_mu, plot_ratio, building_density,
       investment_intensity, labor_productivity, energy_value_added, remark, updated_by)
     SELECT region_code, year, tax_per_mu, value_added_per_mu, revenue_per_mu, plot_ratio, building_density,
       investment_intensity, labor_productivity, energy_value_added, remark, updated_by
     FROM json_to_recordset($1::json) AS r(region_code varchar, year int, tax_per_mu float8, value_added_per_mu float8, revenue_per_mu float8,
       plot_ratio float8, building_density float8, investment_intensity float8, labor_productivity float8, energy_value_added float8,
       remark varchar, updated_by varchar)
     ON CONFLICT (region_code, year) DO NOTHING`,
    [JSON.stringify(rows)],
  )
  const phones = [
    ['clerk', 'HUAWEI Mate 60', 'harmony', '4.2', '巡查终端-01'],
    ['clerk', 'Xiaomi 14', 'android', '14', '巡查终端-02'],
    ['auditor', 'iPhone 15', 'ios', '17.5', '审核平板'],
    ['land', 'OPPO Find X7', 'android', '14', '土地科外业-01'],
    ['land', 'HUAWEI MatePad 11', 'harmony', '4.0', '土地科外业-02'],
    ['leader', 'iPhone 15 Pro', 'ios', '17.6', '领导手机'],
  ]
  for (const [i, [username, model, os, osVersion, name]] of phones.entries()) {
    await db.query(
      `INSERT INTO device(device_id, name, model, os, os_version, app_version, user_id, last_seen_at, registered_at)
       SELECT $1, $2, $3, $4, $5, '1.3.0', id, now() - make_interval(hours => $6::int), now() - make_interval(days => $7::int)
       FROM app_user WHERE username = $8 ON CONFLICT (device_id) DO NOTHING`,
      [`ZJDEV${String(20260001 + i)}`, name, model, os, osVersion, i * 7 + 1, 30 + i * 11, username],
    )
  }
}
