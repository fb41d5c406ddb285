/**
 * What demo parcels and enterprises are: supply, lifecycle dates and status of a parcel, who
 * holds it, and each enterprise's yearly figures — drawn so that they agree with one another
 * (规上 ⇔ 营业收入 ≥ 2000 万元, 闲置 ⇔ not started a year past the agreed date, 低效 parcels have
 * low 容积率 and low 亩均税收, …).
 */
import { makeCreditCode } from '../../../domain/codes/credit-code'
import { INDUSTRY_CODES, type IndustryCode } from '../../../domain/codes/industry'
import { buildParcelCode } from '../../../domain/codes/parcel-code'
import { M2_PER_MU, roundTo } from '../../../domain/codes/units'
import { cellCentre, round7, shortCityName, type Cluster, type County, type ParkPlan, type Town } from './demo-layout'
import {
  AREA_CODES,
  BRAND_CHARS,
  COUNTY_SPECIALTIES,
  DIRECTIONS,
  GIVEN_CHARS,
  HEAVY_INDUSTRIES,
  INDUSTRY_PROFILE,
  INDUSTRY_WEIGHT,
  INDUSTRY_WORDS,
  LIGHT_INDUSTRIES,
  ROADS,
  SURNAMES,
  supplyYearWeight,
} from './demo-profiles'
import { clamp, type Rng } from './rng'

/** Parcel statuses (parcel.status). */
export type ParcelStatus = '已供未建' | '在建' | '已投产' | '闲置' | '低效' | '已收回'

/** A parcel to be written. */
export interface ParcelDraft {
  landCode: string
  name: string
  county: County
  town: Town | null
  park: ParkPlan | null
  /** Closed ring, lon/lat. */
  ring: Array<[number, number]>
  /** Area estimate in EPSG:4549 terms (the database computes the official one). */
  areaM2: number
  supplyDate: string
  supplyMethod: string
  supplyPrice: number | null
  useTerm: number | null
  agreedStart: string
  agreedCompletion: string
  actualStart: string | null
  actualCompletion: string | null
  status: ParcelStatus
  plotRatio: number
  buildingDensity: number
  locationDesc: string
  landUse: string
  planningUse: string
  owner: EnterpriseDraft | null
}

/** One enterprise_yearly row to be written. */
export interface YearlyDraft {
  year: number
  tax: number
  valueAdded: number
  revenue: number
  energy: number
  emissions: number
  employees: number
  rd: number
  landM2: number
}

/** An enterprise to be written. */
export interface EnterpriseDraft {
  creditCode: string
  name: string
  industry: IndustryCode
  scale: '规上' | '规下'
  legalPerson: string
  contactPerson: string
  phone: string
  established: string
  capital: number
  employees: number
  address: string
  county: County
  town: Town | null
  park: ParkPlan | null
  lon: number
  lat: number
  status: '在营' | '停产' | '半停产'
  parcels: ParcelDraft[]
  /** Land rented rather than held (only enterprises without parcels), 平方米. */
  leasedM2: number
  yearly: YearlyDraft[]
}

/** 地籍区 + 地籍子区 of one block. */
export interface Cadastre {
  district: string
  subdistrict: string
}

/** The seed's state: its PRNG, the counters behind codes and names, and the drawing rules. */
export class World {
  private readonly sequence = new Map<string, number>()
  private readonly subdistricts = new Map<string, number>()
  private readonly nameCounter = new Map<string, number>()
  private readonly creditCodes = new Set<string>()
  private readonly names = new Set<string>()
  private readonly supplyYears: number[] = []
  private readonly supplyWeights: number[]

  constructor(
    readonly rng: Rng,
    /** The last year with figures; statuses are as at its 31 December. */
    readonly lastYear: number,
  ) {
    for (let y = Math.min(2005, lastYear); y <= lastYear; y++) this.supplyYears.push(y)
    this.supplyWeights = this.supplyYears.map(supplyYearWeight)
  }

  /** A new 地籍子区 for a block registered in `town` (地籍区 = the town's last 3 digits). */
  newSubdistrict(county: County, town: Town | null): Cadastre {
    const district = town ? town.code.slice(6, 9) : '001'
    const key = `${county.code}${district}`
    const n = (this.subdistricts.get(key) ?? 0) + 1
    this.subdistricts.set(key, n)
    // past 999 blocks a 子区 number comes round again; the sequence keeps codes unique
    return { district, subdistrict: String(((n - 1) % 999) + 1).padStart(3, '0') }
  }

  /** The next 宗地代码 in a 地籍子区. */
  landCode(county: County, cadastre: Cadastre): string {
    const key = `${county.code}${cadastre.district}${cadastre.subdistrict}`
    const n = (this.sequence.get(key) ?? 0) + 1
    this.sequence.set(key, n)
    return buildParcelCode({
      county: county.code,
      cadastralDistrict: cadastre.district,
      cadastralSubdistrict: cadastre.subdistrict,
      feature: 'GB',
      sequence: n,
    })
  }

  /** Everything about a parcel but its user and what follows from the user (land use, 容积率). */
  makeParcel(cluster: Cluster, town: Town | null, landCode: string, ring: Array<[number, number]>, areaM2: number): ParcelDraft {
    const rng = this.rng
    const county = cluster.county
    const year = rng.weighted(this.supplyYears, this.supplyWeights)
    const supplyDate = ymd(year, rng.int(1, 12), rng.int(1, 28))
    const ref = `${this.lastYear}-12-31`
    const age = this.lastYear - year
    let status: ParcelStatus =
      age === 0
        ? rng.weighted<ParcelStatus>(['已供未建', '在建'], [0.65, 0.35])
        : age === 1
          ? rng.weighted<ParcelStatus>(['已供未建', '在建', '已投产'], [0.25, 0.55, 0.2])
          : age === 2
            ? rng.weighted<ParcelStatus>(['已供未建', '在建', '已投产', '闲置'], [0.07, 0.36, 0.51, 0.06])
            : age <= 5
              ? rng.weighted<ParcelStatus>(['已投产', '在建', '闲置', '低效', '已收回'], [0.8, 0.05, 0.03, 0.1, 0.02])
              : rng.weighted<ParcelStatus>(['已投产', '在建', '闲置', '低效', '已收回'], [0.81, 0.01, 0.02, 0.13, 0.03])
    // docs/domain.md 全生命周期: start within 12 months of delivery, complete within 24 months of start.
    // 闲置 is only drawn from age 2 on, so its agreed start is always more than a year past.
    const agreedStart = addMonths(supplyDate, 12)
    const agreedCompletion = addMonths(agreedStart, 24)
    let actualStart: string | null = null
    let actualCompletion: string | null = null
    if (status === '在建' || status === '已投产' || status === '低效') {
      actualStart = minDate(addMonths(supplyDate, rng.int(3, 14)), ref)
      if (status !== '在建') {
        actualCompletion = addMonths(actualStart, rng.int(12, 30))
        if (actualCompletion > ref) {
          actualCompletion = null
          status = '在建'
        }
      }
    }
    const method = rng.weighted(['出让', '租赁', '作价出资', '划拨'], [0.9, 0.05, 0.03, 0.02])
    // industrial land price, 万元/亩: rising over the years, dearer in the industrial belts
    const pricePerMu = (12 + 1.6 * (year - 2005)) * (0.6 + 0.4 * Math.min(county.weight, 2.2)) * rng.range(0.8, 1.25)
    const useTerm =
      method === '出让' || method === '作价出资'
        ? year >= 2014
          ? rng.weighted([20, 30, 50], [0.45, 0.15, 0.4]) // 弹性年期出让 since 2014
          : 50
        : method === '租赁'
          ? rng.int(5, 20)
          : null
    const nameKey = `${county.code}${year}`
    const seq = (this.nameCounter.get(nameKey) ?? 0) + 1
    this.nameCounter.set(nameKey, seq)
    const townName = town?.name ?? county.name
    const roadA = rng.pick(ROADS)
    const roadB = rng.pick(ROADS)
    return {
      landCode,
      name: `${townName}${year}-${seq}号地块`,
      county,
      town,
      park: cluster.park,
      ring,
      areaM2,
      supplyDate,
      supplyMethod: method,
      supplyPrice: method === '出让' || method === '作价出资' ? roundTo((areaM2 / M2_PER_MU) * pricePerMu, 2) : null,
      useTerm,
      agreedStart,
      agreedCompletion,
      actualStart,
      actualCompletion,
      status,
      plotRatio: 0,
      buildingDensity: 0,
      locationDesc: `${county.name}${townName}${roadA}以${rng.pick(DIRECTIONS)}、${roadB === roadA ? '规划支路' : roadB}以${rng.pick(DIRECTIONS)}`,
      landUse: '0601',
      planningUse: '100102',
      owner: null,
    }
  }

  /** Land use, planning class, 容积率 and 建筑密度 — these depend on who uses the land. */
  finishParcel(p: ParcelDraft): void {
    const rng = this.rng
    const industry = p.owner?.industry ?? null
    if (industry === 'C30' && p.county.weight < 1.2 && rng.chance(0.25)) p.landUse = '0602'
    else if (rng.chance(0.08)) p.landUse = '0604'
    else p.landUse = '0601'
    if (p.landUse === '0602') p.planningUse = '1002'
    else if (p.landUse === '0604') p.planningUse = rng.chance(0.6) ? '110101' : '110102'
    else if (industry && HEAVY_INDUSTRIES.has(industry)) p.planningUse = rng.chance(0.4) ? '100103' : '100102'
    else if (industry && LIGHT_INDUSTRIES.has(industry)) p.planningUse = rng.chance(0.6) ? '100101' : '100102'
    else p.planningUse = rng.weighted(['100101', '100102', '100103'], [0.2, 0.7, 0.1])

    if (p.actualStart === null) {
      // nothing built yet: the current 容积率 and 建筑密度 are zero
      p.plotRatio = 0
      p.buildingDensity = 0
      return
    }
    let pr: number
    let bd: number
    if (p.status === '低效') {
      pr = rng.range(0.3, 1.0)
      bd = rng.range(15, 30)
    } else if (p.landUse === '0602') {
      pr = rng.range(0.3, 0.8)
      bd = rng.range(15, 30)
    } else if (p.landUse === '0604') {
      pr = clamp(rng.normal(1.3, 0.3), 0.8, 2.0)
      bd = clamp(rng.normal(48, 7), 30, 60)
    } else if (p.status === '在建') {
      pr = rng.range(0.5, 2.0)
      bd = rng.range(25, 50)
    } else {
      pr = clamp(rng.normal(1.6, 0.45), 1.0, 3.0)
      bd = clamp(rng.normal(46, 8), 30, 65)
    }
    // at least one storey: 容积率 ≥ 建筑密度
    p.plotRatio = roundTo(Math.max(pr, bd / 100), 2)
    p.buildingDensity = roundTo(bd, 1)
  }

  /** A new enterprise registered in `county` (credit code division = the county), located at lon/lat. */
  newEnterprise(county: County, town: Town | null, park: ParkPlan | null, lon: number, lat: number): EnterpriseDraft {
    const rng = this.rng
    const draw = () => rng.float()
    let creditCode = makeCreditCode(county.code, draw)
    while (this.creditCodes.has(creditCode)) creditCode = makeCreditCode(county.code, draw)
    this.creditCodes.add(creditCode)
    const legalPerson = this.personName()
    return {
      creditCode,
      name: '',
      industry: this.pickIndustry(county),
      scale: '规下',
      legalPerson,
      contactPerson: rng.chance(0.6) ? legalPerson : this.personName(),
      phone: `${AREA_CODES[county.cityCode] ?? '0571'}-${rng.int(2, 8)}${String(rng.int(0, 9999999)).padStart(7, '0')}`,
      established: '',
      capital: 0,
      employees: 0,
      address: `浙江省${county.cityName}${county.name}${town?.name ?? ''}${rng.pick(ROADS)}${rng.int(1, 1999)}号`,
      county,
      town,
      park,
      lon,
      lat,
      status: '在营',
      parcels: [],
      leasedM2: 0,
      yearly: [],
    }
  }

  /** Yearly figures, scale, status, capital and name, once the enterprise's parcels are known. */
  finishEnterprise(e: EnterpriseDraft, years: number): void {
    const rng = this.rng
    const lastYear = this.lastYear
    const [taxRate0, vaRate0, effFactor, energyEff0, emisEff0, rd0] = INDUSTRY_PROFILE[e.industry]
    const held = e.parcels.filter((p) => p.status !== '已收回')
    const landAt = (y: number) => e.leasedM2 + held.filter((p) => Number(p.supplyDate.slice(0, 4)) <= y).reduce((s, p) => s + p.areaM2, 0)
    const completions = held.map((p) => p.actualCompletion).filter((d): d is string => d !== null)
    const idleOnly = held.length > 0 && completions.length === 0 && held.some((p) => p.status === '闲置')
    const firstSupply = e.parcels.length ? e.parcels.map((p) => p.supplyDate).sort()[0]! : `${rng.int(2005, lastYear - 2)}-06-01`
    // production starts when the first plant is finished; holders of idle land report (nearly) nothing
    const prodStart = completions.length
      ? Math.min(...completions.map((d) => Number(d.slice(0, 4))))
      : idleOnly || e.leasedM2 > 0
        ? Number(firstSupply.slice(0, 4)) + 1
        : null

    const lowEfficiency = held.some((p) => p.status === '低效')
    if (lowEfficiency) e.status = rng.weighted<EnterpriseDraft['status']>(['在营', '半停产', '停产'], [0.68, 0.25, 0.07])
    // the D-class cases (亩均税收 < 1): idle land, stopped plants and a few plain laggards
    const dClass = idleOnly || e.status === '停产' || rng.chance(0.06)
    // 规下 firms are mostly the small ones; a 规下 firm on much land is exactly a low 亩均 case
    const mu = landAt(lastYear) / M2_PER_MU
    e.scale = !dClass && rng.chance(mu < 12 ? 0.3 : mu < 25 ? 0.65 : mu < 50 ? 0.88 : mu < 100 ? 0.95 : 0.98) ? '规上' : '规下'
    // 亩均税收 at full production in the last year, 万元/亩 (docs/domain.md: mostly 5–60, a long tail, a few < 1)
    const eff = Math.min(
      400,
      dClass
        ? rng.range(0.1, 0.95)
        : lowEfficiency
          ? rng.logNormal(4, 0.6)
          : e.scale === '规上'
            ? rng.logNormal(22, 0.65) * effFactor
            : rng.logNormal(7, 0.6) * Math.sqrt(effFactor),
    )
    const growth = clamp(rng.normal(0.06, 0.05), -0.08, 0.2)
    const taxRate = taxRate0 * rng.range(0.8, 1.25)
    const vaRate = vaRate0 * rng.range(0.85, 1.15)
    const revenuePerWorker = rng.logNormal(120, 0.35) // 万元/人
    const energyEff = rng.logNormal(energyEff0, 0.4)
    const emisEff = rng.logNormal(emisEff0, 0.5)
    const rdRate =
      e.scale === '规上' ? Math.min(rng.logNormal(rd0, 0.5), 0.12) : rng.chance(0.3) ? 0 : Math.min(rng.logNormal(0.01, 0.6), 0.05)

    const rows: Array<{ year: number; tax: number; landM2: number }> = []
    if (prodStart !== null) {
      for (let y = Math.max(prodStart, lastYear - years + 1); y <= lastYear; y++) {
        const landM2 = landAt(y)
        if (landM2 <= 0) continue
        const ramp = y === prodStart ? 0.45 : y === prodStart + 1 ? 0.8 : 1
        const shock = y === 2020 ? 0.9 : y === 2022 ? 0.97 : 1
        const slump = y >= lastYear - 1 ? (e.status === '停产' ? 0.05 : e.status === '半停产' ? 0.4 : 1) : 1
        const trend = Math.pow(1 + growth, y - lastYear)
        const noise = clamp(rng.normal(1, 0.08), 0.7, 1.3)
        rows.push({ year: y, tax: eff * (landM2 / M2_PER_MU) * ramp * shock * slump * trend * noise, landM2 })
      }
    }
    // 规上 means 营业收入 ≥ 2000 万元 in the last year: scale the whole series to agree
    const last = rows.find((r) => r.year === lastYear)
    if (last) {
      const revenue = last.tax / taxRate
      const target =
        e.scale === '规上' && revenue < 2000
          ? rng.range(2100, 4000)
          : e.scale === '规下' && revenue >= 2000
            ? rng.range(600, 1950)
            : revenue
      const f = target / revenue
      if (f !== 1) for (const r of rows) r.tax *= f
    } else {
      e.scale = '规下'
    }
    e.yearly = rows.map((r) => {
      const revenue = r.tax / taxRate
      const va = revenue * vaRate
      return {
        year: r.year,
        tax: roundTo(r.tax, 2),
        revenue: roundTo(revenue, 2),
        valueAdded: roundTo(va, 2),
        energy: roundTo(va / energyEff, 2),
        emissions: roundTo(va / emisEff, 3),
        employees: Math.max(3, Math.round(revenue / revenuePerWorker)),
        rd: roundTo(revenue * rdRate, 2),
        landM2: roundTo(r.landM2, 2),
      }
    })
    const latest = e.yearly[e.yearly.length - 1]
    e.employees = latest ? latest.employees : rng.int(3, 30)
    const established = addMonths(firstSupply, -rng.int(0, 72))
    e.established = established < '1985-01-01' ? '1985-01-01' : established
    const lastRevenue = latest?.revenue ?? 500
    e.capital = Math.round(Math.max(50, rng.logNormal(lastRevenue * 0.08, 0.6)) / 10) * 10 // 注册资本, 万元
    e.name = this.enterpriseName(e, lastRevenue)
  }

  /** region + 字号 + industry word + 有限公司, unique within the seed. */
  private enterpriseName(e: EnterpriseDraft, revenue: number): string {
    const rng = this.rng
    for (;;) {
      const prefix = rng.weighted([e.county.short, shortCityName(e.county.cityName), '浙江'], [0.55, 0.25, 0.2])
      const a = rng.pick(BRAND_CHARS)
      let b = rng.pick(BRAND_CHARS)
      while (b === a) b = rng.pick(BRAND_CHARS)
      const suffix = revenue > 100000 && rng.chance(0.4) ? '集团有限公司' : revenue > 30000 && rng.chance(0.5) ? '股份有限公司' : '有限公司'
      const name = `${prefix}${a}${b}${rng.pick(INDUSTRY_WORDS[e.industry])}${suffix}`
      if (!this.names.has(name)) {
        this.names.add(name)
        return name
      }
    }
  }

  private personName(): string {
    const rng = this.rng
    const given = rng.chance(0.7) ? rng.pick(GIVEN_CHARS) + rng.pick(GIVEN_CHARS) : rng.pick(GIVEN_CHARS)
    return rng.pick(SURNAMES) + given
  }

  private pickIndustry(county: County): IndustryCode {
    const special = new Set(COUNTY_SPECIALTIES[county.code] ?? [])
    return this.rng.weighted(
      INDUSTRY_CODES,
      INDUSTRY_CODES.map((code) => INDUSTRY_WEIGHT[code] * (special.has(code) ? 6 : 1)),
    )
  }
}

/**
 * Gives parcels their 用地单位: most parcels found a new enterprise, some go to a neighbour that
 * already holds land in the cluster (a second or third parcel, usually adjacent), about 4% stay
 * unlinked for the 认领 workflow, and recovered land (已收回) has no user. Exactly
 * `enterpriseCount` enterprises result; beyond the owned parcels they rent their premises.
 */
export function assignOwners(world: World, clusters: Cluster[], enterpriseCount: number): EnterpriseDraft[] {
  const rng = world.rng
  const all = clusters.flatMap((c) => c.parcels)
  const owned = new Set(all.filter((p) => p.status !== '已收回' && !rng.chance(0.04)))
  let extrasLeft = Math.max(0, owned.size - enterpriseCount)
  let newLeft = enterpriseCount
  let parcelsLeft = owned.size
  const enterprises: EnterpriseDraft[] = []
  for (const c of clusters) {
    const local: EnterpriseDraft[] = []
    for (const p of c.parcels) {
      if (owned.has(p)) {
        const neighbours = local.length ? local : enterprises
        // selection sampling: exactly extrasLeft of the remaining parcels become second parcels
        const extra = neighbours.length > 0 && extrasLeft > 0 && (newLeft === 0 || rng.float() < extrasLeft / parcelsLeft)
        parcelsLeft--
        if (extra) {
          extrasLeft--
          const owner = rng.pick(neighbours.slice(-3))
          owner.parcels.push(p)
          p.owner = owner
        } else {
          newLeft--
          const [lon, lat] = ringCentre(p.ring)
          const e = world.newEnterprise(c.county, p.town, c.park, lon, lat)
          e.parcels.push(p)
          p.owner = e
          local.push(e)
          enterprises.push(e)
        }
      }
      world.finishParcel(p)
    }
  }
  for (let k = 0; newLeft > 0 && clusters.length > 0; k++, newLeft--) {
    const c = clusters[k % clusters.length]!
    const [lon, lat] = cellCentre(c.ci, c.cj)
    const e = world.newEnterprise(c.county, c.town, c.park, round7(lon + rng.range(-0.003, 0.003)), round7(lat + rng.range(-0.003, 0.003)))
    e.leasedM2 = rng.range(5, 40) * M2_PER_MU
    enterprises.push(e)
  }
  return enterprises
}

/** Average of a quad's four corners: inside it, as the quads are convex. */
function ringCentre(ring: Array<[number, number]>): [number, number] {
  let x = 0
  let y = 0
  for (let q = 0; q < 4; q++) {
    x += ring[q]![0]
    y += ring[q]![1]
  }
  return [round7(x / 4), round7(y / 4)]
}

function ymd(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** Adds months to a YYYY-MM-DD date whose day is ≤ 28 (so no month-end overflow). */
function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7)) - 1 + months
  return ymd(y + Math.floor(m / 12), (((m % 12) + 12) % 12) + 1, Math.min(Number(date.slice(8, 10)), 28))
}

function minDate(a: string, b: string): string {
  return a < b ? a : b
}
