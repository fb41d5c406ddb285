/**
 * 演示数据: a plausible, deterministic Zhejiang — industrial parks around real county seats,
 * parcels (宗地) laid out in street blocks, the enterprises (用地单位) that hold them and ten years
 * of their yearly figures (docs/domain.md "Demo data"). Same seed, same data; `parcels` scales it.
 *
 * Where things go: demo-layout.ts; what they are: demo-entities.ts; the tables behind both:
 * demo-profiles.ts. This file orders the steps and writes the rows in large batches
 * (json_to_recordset, thousands of rows per statement) inside one transaction.
 */
import type { Db } from '../engine'
import { assignOwners, World, type EnterpriseDraft, type ParcelDraft } from './demo-entities'
import { layOutParcels, loadCounties, planClusters, type ParkPlan } from './demo-layout'
import { emptyForBulkWrite, withIndexesBuiltAfter } from './bulk'
import { seedRegions } from './regions'
import { Rng } from './rng'

/** Options of {@link seedDemoData}. */
export interface DemoSeedOptions {
  /** Parcels to create (default 6,000; SEED_PARCELS scales it). */
  parcels?: number
  /** Enterprises to create (default two thirds of the parcels). */
  enterprises?: number
  /** Years of enterprise_yearly figures ending with `lastYear` (default 10). */
  years?: number
  /** The last year with figures (default 2025). */
  lastYear?: number
  /** Industrial parks (default 60). */
  parks?: number
  /** PRNG seed (default 20261121). */
  seed?: number
}

/** What {@link seedDemoData} wrote. */
export interface DemoSeedResult {
  parks: number
  enterprises: number
  parcels: number
  /** Parcels with no enterprise (recovered land and records waiting for 认领). */
  unownedParcels: number
  yearlyRows: number
  /** Whether parcels were kept inside loaded boundaries. */
  boundariesUsed: boolean
}

/**
 * Writes the demo data in one transaction and returns the counts. Seeds the region table first
 * when it holds no county of 330000. Expects empty domain tables (codes would collide otherwise);
 * deciding whether to seed is the caller's business. Load boundaries first for parcels that
 * respect county lines; without them parcels are placed around the seats alone.
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const parcelCount = options.parcels ?? 6000
  const enterpriseCount = options.enterprises ?? Math.round((parcelCount * 2) / 3)
  const years = options.years ?? 10
  const lastYear = options.lastYear ?? 2025
  const parkCount = options.parks ?? 60
  const seed = options.seed ?? 20261121
  for (const [name, v] of Object.entries({ parcels: parcelCount, enterprises: enterpriseCount, years, parks: parkCount })) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`seedDemoData: ${name} must be a non-negative integer, got ${v}`)
  }

  return db.transaction(async (tx) => {
    const n = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM region WHERE level = 'county' AND code LIKE '33%'`)
    if (n.rows[0]!.n === 0) await seedRegions(tx)
    const counties = await loadCounties(tx)
    const rng = new Rng(seed)
    const world = new World(rng, lastYear)

    const clusters = planClusters(rng, counties, parcelCount, parkCount)
    await layOutParcels(tx, rng, world, clusters)
    const parcels = clusters.flatMap((c) => c.parcels)
    const enterprises = assignOwners(world, clusters, enterpriseCount)
    for (const e of enterprises) world.finishEnterprise(e, years)

    const parks = [...new Set(clusters.map((c) => c.park).filter((p): p is ParkPlan => p !== null))]
    const parkIds = await insertParks(tx, parks)
    await emptyForBulkWrite(tx, ['enterprise_yearly'])
    const yearlyRows = await withIndexesBuiltAfter(tx, ['enterprise', 'parcel', 'enterprise_yearly'], async () => {
      const enterpriseIds = await insertEnterprises(tx, enterprises, parkIds)
      await insertParcels(tx, parcels, parkIds, enterpriseIds)
      return insertYearly(tx, enterprises, enterpriseIds)
    })
    await drawParks(tx, parks, parkIds)
    await tx.exec('ANALYZE region; ANALYZE industrial_park; ANALYZE enterprise; ANALYZE enterprise_yearly; ANALYZE parcel')

    return {
      parks: parkIds.size,
      enterprises: enterprises.length,
      parcels: parcels.length,
      unownedParcels: parcels.filter((p) => !p.owner).length,
      yearlyRows,
      boundariesUsed: counties.some((c) => c.bbox !== null),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Writing

const BATCH_ROWS = 5000

async function insertParks(db: Db, parks: ParkPlan[]): Promise<Map<ParkPlan, number>> {
  const rows = parks
    .filter((p) => p.center)
    .map((p, k) => ({
      name: p.name,
      level: p.level,
      category: p.category,
      province_code: p.county.provinceCode,
      city_code: p.county.cityCode,
      county_code: p.county.code,
      lon: p.center![0],
      lat: p.center![1],
      approved_year: p.approvedYear,
      managing_org: `${p.name}管理委员会`,
      sort: k + 1,
    }))
  const { rows: ids } = await db.query<{ id: number; name: string }>(
    `INSERT INTO industrial_park (name, level, category, province_code, city_code, county_code, center, approved_year, managing_org, sort)
     SELECT name, level, category, province_code, city_code, county_code, ST_SetSRID(ST_MakePoint(lon, lat), 4326), approved_year, managing_org, sort
       FROM json_to_recordset($1::json) AS r(name varchar, level varchar, category varchar, province_code varchar, city_code varchar,
                                             county_code varchar, lon float8, lat float8, approved_year smallint, managing_org varchar, sort integer)
     RETURNING id, name`,
    [JSON.stringify(rows)],
  )
  const byName = new Map(ids.map((r) => [r.name, r.id]))
  return new Map(parks.filter((p) => byName.has(p.name)).map((p) => [p, byName.get(p.name)!]))
}

async function insertEnterprises(
  db: Db,
  enterprises: EnterpriseDraft[],
  parkIds: Map<ParkPlan, number>,
): Promise<Map<EnterpriseDraft, number>> {
  const ids = new Map<string, number>()
  for (let s = 0; s < enterprises.length; s += BATCH_ROWS * 2) {
    const rows = enterprises.slice(s, s + BATCH_ROWS * 2).map((e) => ({
      credit_code: e.creditCode,
      name: e.name,
      industry_code: e.industry,
      scale: e.scale,
      legal_person: e.legalPerson,
      established_date: e.established,
      registered_capital: e.capital,
      employees: e.employees,
      contact_person: e.contactPerson,
      contact_phone: e.phone,
      address: e.address,
      province_code: e.county.provinceCode,
      city_code: e.county.cityCode,
      county_code: e.county.code,
      town_code: e.town?.code ?? null,
      park_id: e.park ? (parkIds.get(e.park) ?? null) : null,
      lon: e.lon,
      lat: e.lat,
      status: e.status,
    }))
    const { rows: out } = await db.query<{ id: number; credit_code: string }>(
      `INSERT INTO enterprise (credit_code, name, industry_code, scale, legal_person, established_date, registered_capital, employees,
                               contact_person, contact_phone, address, province_code, city_code, county_code, town_code, park_id, location, status)
       SELECT credit_code, name, industry_code, scale, legal_person, established_date, registered_capital, employees,
              contact_person, contact_phone, address, province_code, city_code, county_code, town_code, park_id,
              ST_SetSRID(ST_MakePoint(lon, lat), 4326), status
         FROM json_to_recordset($1::json) AS r(credit_code varchar, name varchar, industry_code varchar, scale varchar, legal_person varchar,
              established_date date, registered_capital float8, employees integer, contact_person varchar, contact_phone varchar,
              address varchar, province_code varchar, city_code varchar, county_code varchar, town_code varchar, park_id integer,
              lon float8, lat float8, status varchar)
       RETURNING id, credit_code`,
      [JSON.stringify(rows)],
    )
    for (const r of out) ids.set(r.credit_code, r.id)
  }
  return new Map(enterprises.map((e) => [e, ids.get(e.creditCode)!]))
}

async function insertParcels(
  db: Db,
  parcels: ParcelDraft[],
  parkIds: Map<ParkPlan, number>,
  enterpriseIds: Map<EnterpriseDraft, number>,
): Promise<void> {
  for (let s = 0; s < parcels.length; s += BATCH_ROWS) {
    const rows = parcels.slice(s, s + BATCH_ROWS).map((p) => ({
      land_code: p.landCode,
      name: p.name,
      land_use_code: p.landUse,
      planning_use_code: p.planningUse,
      plot_ratio: p.plotRatio,
      building_density: p.buildingDensity,
      supply_date: p.supplyDate,
      supply_method: p.supplyMethod,
      supply_price: p.supplyPrice,
      use_term_years: p.useTerm,
      agreed_start_date: p.agreedStart,
      agreed_completion_date: p.agreedCompletion,
      actual_start_date: p.actualStart,
      actual_completion_date: p.actualCompletion,
      status: p.status,
      location_desc: p.locationDesc,
      province_code: p.county.provinceCode,
      city_code: p.county.cityCode,
      county_code: p.county.code,
      town_code: p.town?.code ?? null,
      park_id: p.park ? (parkIds.get(p.park) ?? null) : null,
      enterprise_id: p.owner ? enterpriseIds.get(p.owner)! : null,
      wkt: `MULTIPOLYGON(((${p.ring.map(([x, y]) => `${x} ${y}`).join(',')})))`,
    }))
    // area_m2 is generated by the database; building_area follows from the same 4549 area
    await db.query(
      `INSERT INTO parcel (land_code, name, land_use_code, planning_use_code, plot_ratio, building_density, building_area,
                           supply_date, supply_method, supply_price, use_term_years, agreed_start_date, agreed_completion_date,
                           actual_start_date, actual_completion_date, status, location_desc, province_code, city_code, county_code,
                           town_code, park_id, enterprise_id, geom)
       SELECT r.land_code, r.name, r.land_use_code, r.planning_use_code, r.plot_ratio, r.building_density,
              round((r.plot_ratio * ST_Area(ST_Transform(g.geom, 4549)))::numeric, 2)::float8,
              r.supply_date, r.supply_method, r.supply_price, r.use_term_years, r.agreed_start_date, r.agreed_completion_date,
              r.actual_start_date, r.actual_completion_date, r.status, r.location_desc, r.province_code, r.city_code, r.county_code,
              r.town_code, r.park_id, r.enterprise_id, g.geom
         FROM json_to_recordset($1::json) AS r(land_code varchar, name varchar, land_use_code varchar, planning_use_code varchar,
              plot_ratio float8, building_density float8, supply_date date, supply_method varchar, supply_price float8,
              use_term_years smallint, agreed_start_date date, agreed_completion_date date, actual_start_date date,
              actual_completion_date date, status varchar, location_desc varchar, province_code varchar, city_code varchar,
              county_code varchar, town_code varchar, park_id integer, enterprise_id integer, wkt text)
        CROSS JOIN LATERAL (SELECT ST_GeomFromText(r.wkt, 4326) AS geom) g`,
      [JSON.stringify(rows)],
    )
  }
}

async function insertYearly(db: Db, enterprises: EnterpriseDraft[], enterpriseIds: Map<EnterpriseDraft, number>): Promise<number> {
  const all = enterprises.flatMap((e) => e.yearly.map((y) => ({ e: enterpriseIds.get(e)!, ...y })))
  for (let s = 0; s < all.length; s += BATCH_ROWS * 4) {
    const rows = all.slice(s, s + BATCH_ROWS * 4).map((y) => ({
      enterprise_id: y.e,
      year: y.year,
      tax: y.tax,
      value_added: y.valueAdded,
      revenue: y.revenue,
      energy: y.energy,
      emissions: y.emissions,
      employees: y.employees,
      rd_expense: y.rd,
      land_area_m2: y.landM2,
    }))
    await db.query(
      `INSERT INTO enterprise_yearly (enterprise_id, year, tax, value_added, revenue, energy, emissions, employees, rd_expense, land_area_m2)
       SELECT * FROM json_to_recordset($1::json) AS r(enterprise_id integer, year smallint, tax float8, value_added float8,
              revenue float8, energy float8, emissions float8, employees integer, rd_expense float8, land_area_m2 float8)`,
      [JSON.stringify(rows)],
    )
  }
  return all.length
}

/** Each park's outline: the convex hull of its parcels, clipped to its county when that is loaded. */
async function drawParks(db: Db, parks: ParkPlan[], parkIds: Map<ParkPlan, number>): Promise<void> {
  const ids = parks.map((p) => parkIds.get(p)).filter((id): id is number => id !== undefined)
  await db.query(
    `UPDATE industrial_park ip
        SET geom = s.geom,
            planned_area_m2 = round((ST_Area(ST_Transform(s.geom, 4549)) * (1.15 + (ip.id % 5) * 0.1))::numeric, -2)::float8
       FROM (SELECT p.park_id,
                    ST_Multi(ST_CollectionExtract(
                      CASE WHEN r.geom IS NULL THEN ST_ConvexHull(ST_Collect(p.geom))
                           ELSE ST_Intersection(ST_ConvexHull(ST_Collect(p.geom)), r.geom) END, 3)) AS geom
               FROM parcel p
               JOIN industrial_park k ON k.id = p.park_id
               JOIN region r ON r.code = k.county_code
              WHERE p.park_id = ANY($1::int[])
              GROUP BY p.park_id, r.geom) s
      WHERE ip.id = s.park_id`,
    [ids],
  )
}
