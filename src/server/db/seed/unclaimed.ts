/**
 * 待认领 demo records (docs/domain.md "Data centre": records without an owning region are claimed): a few
 * parcels and enterprises whose city is known but whose county is not. Each lies inside a county outline (when outlines are loaded) away
 * from every other parcel, so that claiming it into that county is the right answer. One parcel
 * and half an enterprise per hundred seeded parcels; deterministic like the rest of the demo.
 */
import { makeCreditCode } from '../../../domain/codes/credit-code'
import type { Db } from '../engine'
import { mulberry32 } from './rng'

/** Offsets tried, in degrees (≈ 400–900 m), until a copy of a parcel's shape touches nothing. */
const OFFSETS: [number, number][] = [
  [0.006, 0],
  [0, 0.006],
  [-0.006, 0],
  [0, -0.006],
  [0.009, 0.009],
  [-0.009, -0.009],
]

const ENTERPRISE_NAMES = [
  '恒远精密机械',
  '鑫达五金制品',
  '瑞丰塑胶',
  '永盛纺织',
  '华拓电子',
  '宏图包装',
  '德信新材料',
  '安泰建材',
  '金阳化工',
  '众联模具',
]

/** What {@link seedUnclaimed} wrote. */
export interface UnclaimedSeed {
  parcels: number
  enterprises: number
}

/** Adds unclaimed parcels and enterprises next to the seeded ones; returns how many. */
export async function seedUnclaimed(db: Db, parcelCount: number, seed = 20261122): Promise<UnclaimedSeed> {
  const want = Math.max(3, Math.round(parcelCount / 100))
  const rng = mulberry32(seed)
  return db.transaction(async (tx) => {
    const sources = await tx.query<{ id: number; county_code: string; county_name: string }>(
      `SELECT p.id, p.county_code, c.name AS county_name FROM parcel p JOIN region c ON c.code = p.county_code
        WHERE NOT p.deleted AND p.geom IS NOT NULL ORDER BY p.id`,
    )
    const step = Math.max(1, Math.floor(sources.rows.length / want))
    let parcels = 0
    for (let i = 0; i < sources.rows.length && parcels < want; i += step) {
      const src = sources.rows[i]
      for (const [dx, dy] of OFFSETS) {
        const landCode = `${src.county_code}900001GB${String(90000 + parcels + 1).padStart(5, '0')}`
        const r = await tx.query(
          `INSERT INTO parcel (land_code, name, land_use_code, status, location_desc, province_code, city_code, county_code, geom, plot_ratio, building_density)
           SELECT $2::varchar, $3::varchar, '0601', '闲置', $4::varchar, p.province_code, p.city_code, NULL, g.geom, 0, 0
             FROM parcel p CROSS JOIN LATERAL (SELECT ST_Translate(p.geom, $5::float8, $6::float8) AS geom) g
            WHERE p.id = $1::int
              AND NOT EXISTS (SELECT 1 FROM parcel q WHERE ST_Intersects(q.geom, g.geom))
              AND NOT EXISTS (SELECT 1 FROM parcel q WHERE q.land_code = $2::varchar)
              AND COALESCE((SELECT ST_Within(g.geom, c.geom) FROM region c WHERE c.code = p.county_code), TRUE)`,
          [src.id, landCode, `${src.county_name}待认领工业地块（${parcels + 1}）`, `${src.county_name}境内，权属单位待确认`, dx, dy],
        )
        if (r.affectedRows === 1) {
          parcels++
          break
        }
      }
    }
    const owners = await tx.query<{ id: number; county_code: string }>(
      'SELECT id, county_code FROM enterprise WHERE NOT deleted AND location IS NOT NULL AND county_code IS NOT NULL ORDER BY id',
    )
    const wantEnterprises = Math.max(2, Math.round(want / 2))
    const eStep = Math.max(1, Math.floor(owners.rows.length / wantEnterprises))
    let enterprises = 0
    for (let i = 0; i < owners.rows.length && enterprises < wantEnterprises; i += eStep) {
      const src = owners.rows[i]
      const name = `浙江${ENTERPRISE_NAMES[enterprises % ENTERPRISE_NAMES.length]}有限公司`
      const r = await tx.query(
        `INSERT INTO enterprise (credit_code, name, industry_code, scale, status, address, province_code, city_code, county_code, location)
         SELECT $2::varchar, $3::varchar, e.industry_code, '规下', '在营', '', e.province_code, e.city_code, NULL, g.geom
           FROM enterprise e CROSS JOIN LATERAL (SELECT ST_Translate(e.location, 0.004, 0.003) AS geom) g
          WHERE e.id = $1::int
            AND NOT EXISTS (SELECT 1 FROM enterprise x WHERE x.credit_code = $2::varchar)
            AND COALESCE((SELECT ST_Within(g.geom, c.geom) FROM region c WHERE c.code = e.county_code), TRUE)`,
        [src.id, makeCreditCode(src.county_code, rng), name],
      )
      enterprises += r.affectedRows
    }
    return { parcels, enterprises }
  })
}
