/**
 * A proposed change of a master record, checked before it is stored: the standard's checker
 * (`checkRecord`, the same rules as the browser form), then what only the server can know — the
 * region lies in the user's scope and is a county, the shape is a valid one inside that county,
 * the identifying code is not another record's, the owner enterprise exists, something changed.
 */
import { diffRecord, type RecordValues } from '../../../domain/datacenter/record-diff'
import { checkRecord, type FieldIssue, type RecordKind, type StandardField } from '../../../domain/datacenter/standard'
import type { FieldError } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { AppError, badRequest, conflict } from '../../http/errors'
import { regionInScope, type DataScope } from '../../auth/data-scope'
import * as records from './record-repo'
import { MASTER, OWNER_LINK, type RecordSnapshot, type RegionCodes } from './record-repo'
import { lookupsFor, type ActiveStandard } from './standard-service'

/** Who proposes: the scope and the region the account belongs to. */
export interface Proposer {
  id: number
  scope: DataScope
  regionCode: string | null
}

/** A proposal ready to be stored. */
export interface CheckedProposal {
  payload: RecordValues
  region: RegionCodes
}

/** Drafts may be incomplete: a missing required value is said at submission, not at saving. */
export type CheckMode = 'draft' | 'submit'

const NO_REGION: RegionCodes = { province_code: null, city_code: null, county_code: null, town_code: null }

/** 400 with every issue as a field detail; the message lists them. */
export function invalid(issues: readonly FieldError[]): AppError {
  return badRequest(
    `提交内容不符合数据标准：${issues.map((i) => i.message).join('；')}`,
    issues.map((i) => ({ field: i.field, message: i.message })),
  )
}

/** The region chain of the proposer's own account (county users default new records to it). */
export async function proposerRegion(db: Db, p: Proposer): Promise<RegionCodes & { level: string | null }> {
  return p.regionCode ? records.regionChain(db, p.regionCode) : { ...NO_REGION, level: null }
}

/** The region a submission belongs to (its data scope): the record's county, else the proposer's region. */
export async function submissionRegion(db: Db, p: Proposer, county: string | null): Promise<RegionCodes> {
  if (county) {
    const { level: _level, ...chain } = await records.regionChain(db, county)
    return chain
  }
  const { level: _level, ...own } = await proposerRegion(db, p)
  return own
}

/**
 * Checks a create or update proposal and returns the normalised values and the submission's
 * region. `target` is the record an update changes (its values fill what the proposal leaves
 * out). Throws 400 (rules, with details), 403 (a county outside the scope) or 409 (a code that
 * another record holds), or 422 when an update changes nothing.
 */
export async function checkProposal(
  db: Db,
  p: Proposer,
  kind: RecordKind,
  std: ActiveStandard,
  raw: Readonly<Record<string, unknown>>,
  target: RecordSnapshot | null,
  mode: CheckMode,
): Promise<CheckedProposal> {
  const known = new Set(std.fields.map((f) => f.name))
  const merged: Record<string, unknown> = target ? Object.fromEntries(Object.entries(target.values).filter(([k]) => known.has(k))) : {}
  for (const [k, v] of Object.entries(raw)) if (known.has(k)) merged[k] = v
  const check = checkRecord(std.fields, merged, await lookupsFor(db, std.fields, [merged]))
  const issues: FieldIssue[] = check.issues.filter((i) => mode === 'submit' || i.rule !== 'required')
  const value = check.value
  const label = (name: string) => std.fields.find((f) => f.name === name)?.label ?? name
  const add = (field: string, message: string) => issues.push({ field, rule: 'region', message })

  // the county: a county of the region table, inside the scope; county users default to their own
  const own = await proposerRegion(db, p)
  if (
    known.has('county_code') &&
    !value.county_code &&
    (own.level === 'county' || own.level === 'town') &&
    !issues.some((i) => i.field === 'county_code')
  ) {
    value.county_code = own.county_code
  }
  const county = typeof value.county_code === 'string' ? value.county_code : null
  if (county && !issues.some((i) => i.field === 'county_code')) {
    const chain = await records.regionChain(db, county)
    if (chain.level !== 'county') add('county_code', `「${label('county_code')}」应为县级行政区划代码，得到「${county}」`)
    else if (county !== own.county_code && !(await regionInScope(db, p.scope, county)))
      throw new AppError(403, `「${label('county_code')}」${county} 不在本账号的数据范围内`)
  }

  // the shape: valid, and inside the county when the county's outline is known
  const geomField = MASTER[kind].geom
  const shape = value[geomField]
  if (shape && !issues.some((i) => i.field === geomField)) {
    const problem = await records.geometryProblem(db, shape)
    if (problem) add(geomField, `「${label(geomField)}」${problem}`)
    else if (county && (await records.insideRegion(db, kind, shape, county)) === false)
      add(geomField, `「${label(geomField)}」不在所选区县（${county}）范围内`)
  }

  // the owner of a parcel must be an enterprise of the master data
  const owner = value[OWNER_LINK]
  if (kind === 'parcel' && typeof owner === 'string' && owner && !issues.some((i) => i.field === OWNER_LINK)) {
    if (!(await records.enterpriseIdByCreditCode(db, owner)))
      add(OWNER_LINK, `「${label(OWNER_LINK)}」${owner} 对应的企业不存在，请先录入该企业`)
  }
  if (issues.length) throw invalid(issues)

  // the identifying code belongs to one record
  const codeField = MASTER[kind].code
  const code = value[codeField]
  if (typeof code === 'string' && code) {
    const holder = await records.recordByCode(db, kind, code)
    if (holder && holder.id !== target?.id) {
      throw conflict(
        `「${label(codeField)}」${code} 已被${holder.deleted ? '已删除的' : ''}${kind === 'parcel' ? '地块' : '企业'} #${holder.id} 使用`,
      )
    }
  }

  if (target && diffRecord(std.fields, target.values, value).every((r) => !r.changed)) {
    throw new AppError(422, '与当前数据相比没有任何修改，无需提交')
  }
  return { payload: value, region: await submissionRegion(db, p, county ?? (target ? (target.values.county_code as string | null) : null)) }
}

/** The fields of a standard by name, for labels. */
export function fieldLabel(fields: readonly StandardField[], name: string): string {
  return fields.find((f) => f.name === name)?.label ?? name
}
