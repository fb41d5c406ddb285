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

/**
 * Adds unclaimed parcels and enterprises next to the seeded ones; returns how many. Sources are
 * taken in id order at a fixed step; a parcel source tries the offsets in order and takes the first
 * whose copy touches no parcel (nor an unclaimed copy placed before it) and lies in its county; an
 * enterprise source gets the next credit code and is kept when its moved point lies in its county.
 * The fits are read in one query (two copies are compared only when their boxes overlap) and the
 * rows written in one statement each — a province's size asked 4 000 single statements of the
 * embedded engine; the outcome is the same as trying one by one.
 */
export async function seedUnclaimed(db: Db, parcelCount: number, seed = 20261122): Promise<UnclaimedSeed> {
  const want = Math.max(3, Math.round(parcelCount / 100))
  const rng = mulberry32(seed)
  return db.transaction(async (tx) => {
    const sources = await tx.query<{ id: number; county_code: string; county_name: string }>(
      `SELECT p.id, p.county_code, c.name AS county_name FROM parcel p JOIN region c ON c.code = p.county_code
        WHERE NOT p.deleted AND p.geom IS NOT NULL ORDER BY p.id`,
    )
    const step = Math.max(1, Math.floor(sources.rows.length / want))
    const candidates = sources.rows.filter((_, i) => i % step === 0)
    const fits = await copiesThatFit(
      tx,
      candidates.map((c) => c.id),
    )
    const takenCodes = new Set(
      (await tx.query<{ land_code: string }>(`SELECT land_code FROM parcel WHERE land_code LIKE '%900001GB%'`)).rows.map(
        (r) => r.land_code,
      ),
    )
    const placed: Copy[] = []
    const rows: { src: number; land_code: string; name: string; location_desc: string; dx: number; dy: number; ord: number }[] = []
    for (let k = 0; k < candidates.length && rows.length < want; k++) {
      const src = candidates[k]
      const landCode = `${src.county_code}900001GB${String(90000 + rows.length + 1).padStart(5, '0')}`
      if (takenCodes.has(landCode)) continue
      let copy: Copy | undefined
      for (let j = 0; j < OFFSETS.length && !copy; j++) {
        const c = fits.free.get(`${k}|${j}`)
        if (c && !(await anyAsync(placed, (q) => fits.clash(q, c)))) copy = c
      }
      if (!copy) continue
      const j = copy.j
      placed.push(copy)
      takenCodes.add(landCode)
      rows.push({
        src: src.id,
        land_code: landCode,
        name: `${src.county_name}待认领工业地块（${rows.length + 1}）`,
        location_desc: `${src.county_name}境内，权属单位待确认`,
        dx: OFFSETS[j][0],
        dy: OFFSETS[j][1],
        ord: rows.length,
      })
    }
    if (rows.length) {
      await tx.query(
        `INSERT INTO parcel (land_code, name, land_use_code, status, location_desc, province_code, city_code, county_code, geom, plot_ratio, building_density)
         SELECT r.land_code, r.name, '0601', '闲置', r.location_desc, p.province_code, p.city_code, NULL, ST_Translate(p.geom, r.dx, r.dy), 0, 0
           FROM json_to_recordset($1::json) AS r(src int, land_code varchar, name varchar, location_desc varchar, dx float8, dy float8, ord int)
           JOIN parcel p ON p.id = r.src
          ORDER BY r.ord`,
        [JSON.stringify(rows)],
      )
    }

    const owners = await tx.query<{ id: number; county_code: string }>(
      'SELECT id, county_code FROM enterprise WHERE NOT deleted AND location IS NOT NULL AND county_code IS NOT NULL ORDER BY id',
    )
    const wantEnterprises = Math.max(2, Math.round(want / 2))
    const eStep = Math.max(1, Math.floor(owners.rows.length / wantEnterprises))
    const eCandidates = owners.rows.filter((_, i) => i % eStep === 0)
    const inCounty = new Set(
      (
        await tx.query<{ id: number }>(
          `SELECT e.id FROM enterprise e WHERE e.id = ANY($1::int[])
             AND COALESCE((SELECT ST_Within(ST_Translate(e.location, 0.004, 0.003), c.geom) FROM region c WHERE c.code = e.county_code), TRUE)`,
          [eCandidates.map((e) => e.id)],
        )
      ).rows.map((r) => r.id),
    )
    const takenCredit = new Set(
      (await tx.query<{ credit_code: string }>('SELECT credit_code FROM enterprise')).rows.map((r) => r.credit_code),
    )
    const eRows: { src: number; credit_code: string; name: string; ord: number }[] = []
    for (let i = 0; i < eCandidates.length && eRows.length < wantEnterprises; i++) {
      const src = eCandidates[i]
      const name = `浙江${ENTERPRISE_NAMES[eRows.length % ENTERPRISE_NAMES.length]}有限公司`
      const code = makeCreditCode(src.county_code, rng)
      if (!inCounty.has(src.id) || takenCredit.has(code)) continue
      takenCredit.add(code)
      eRows.push({ src: src.id, credit_code: code, name, ord: eRows.length })
    }
    if (eRows.length) {
      await tx.query(
        `INSERT INTO enterprise (credit_code, name, industry_code, scale, status, address, province_code, city_code, county_code, location)
         SELECT r.credit_code, r.name, e.industry_code, '规下', '在营', '', e.province_code, e.city_code, NULL, ST_Translate(e.location, 0.004, 0.003)
           FROM json_to_recordset($1::json) AS r(src int, credit_code varchar, name varchar, ord int)
           JOIN enterprise e ON e.id = r.src
          ORDER BY r.ord`,
        [JSON.stringify(eRows)],
      )
    }
    return { parcels: rows.length, enterprises: eRows.length }
  })
}

/** A moved copy: candidate k (index of its source), offset j, and its box. */
interface Copy {
  k: number
  j: number
  x0: number
  y0: number
  x1: number
  y1: number
}

/**
 * The copies of parcel sources (candidate k = index in `ids`, offset j) that touch no parcel and lie
 * in their source's county (or no outline is loaded), with their boxes; and `clash`, whether two
 * copies touch each other — asked of the database only for copies whose boxes overlap (a handful).
 */
async function copiesThatFit(db: Db, ids: number[]): Promise<{ free: Map<string, Copy>; clash: (a: Copy, b: Copy) => Promise<boolean> }> {
  const copies = `SELECT c.k - 1 AS k, o.j - 1 AS j, ST_Translate(p.geom, o.dx, o.dy) AS geom, p.county_code
      FROM unnest($1::int[]) WITH ORDINALITY AS c(id, k)
      JOIN parcel p ON p.id = c.id
      CROSS JOIN unnest($2::float8[], $3::float8[]) WITH ORDINALITY AS o(dx, dy, j)`
  const offsets = [OFFSETS.map((o) => o[0]), OFFSETS.map((o) => o[1])]
  const free = await db.query<Copy>(
    `SELECT m.k::int, m.j::int, ST_XMin(m.geom) AS x0, ST_YMin(m.geom) AS y0, ST_XMax(m.geom) AS x1, ST_YMax(m.geom) AS y1 FROM (${copies}) m
      WHERE NOT EXISTS (SELECT 1 FROM parcel q WHERE ST_Intersects(q.geom, m.geom))
        AND COALESCE((SELECT ST_Within(m.geom, r.geom) FROM region r WHERE r.code = m.county_code), TRUE)`,
    [ids, ...offsets],
  )
  const clash = async (a: Copy, b: Copy) => {
    if (a.x1 < b.x0 || b.x1 < a.x0 || a.y1 < b.y0 || b.y1 < a.y0) return false
    const r = await db.query<{ touch: boolean }>(
      `SELECT ST_Intersects(ST_Translate(a.geom, $3, $4), ST_Translate(b.geom, $5, $6)) AS touch FROM parcel a, parcel b WHERE a.id = $1 AND b.id = $2`,
      [ids[a.k], ids[b.k], ...OFFSETS[a.j], ...OFFSETS[b.j]],
    )
    return r.rows[0]!.touch
  }
  return { free: new Map(free.rows.map((c) => [`${c.k}|${c.j}`, c])), clash }
}

async function anyAsync<T>(list: T[], test: (x: T) => Promise<boolean>): Promise<boolean> {
  for (const x of list) if (await test(x)) return true
  return false
}
