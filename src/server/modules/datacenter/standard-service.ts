/**
 * 数据标准 (sjgf): the version in force, past versions, saving a new version (never editing an old
 * one), and the lookups the one checker (`checkRecord`) needs on the server — so that a rule
 * changed here changes what the forms, the imports and the approvals accept.
 */
import type { StandardSaveBody, StandardView } from '../../../domain/contracts/datacenter'
import type { CheckLookups, RecordKind, StandardField } from '../../../domain/datacenter/standard'
import { tidyField, validateStandardFields } from '../../../domain/datacenter/standard-rules'
import type { Db } from '../../db/engine'
import { iso, isUniqueViolation } from '../../db/sql'
import { badRequest, conflict, notFound } from '../../http/errors'
import * as repo from './standard-repo'

/** The standard in force for a kind: its version and fields. */
export interface ActiveStandard {
  version: number
  fields: StandardField[]
}

/** The version in force (version and fields only). */
export async function activeStandard(db: Db, kind: RecordKind): Promise<ActiveStandard> {
  const r = await repo.currentVersion(db, kind)
  return { version: r.version, fields: r.fields }
}

/** A version (the one in force when `version` is left out) with the code lists its fields use. */
export async function standardView(db: Db, kind: RecordKind, version?: number): Promise<StandardView> {
  const current = await repo.currentVersion(db, kind)
  const row = version === undefined ? current : await repo.versionOf(db, kind, version)
  if (!row) throw notFound(`数据标准版本 ${version} 不存在`)
  const dicts = [...new Set(row.fields.flatMap((f) => (f.dict ? [f.dict] : [])))]
  return {
    kind,
    version: row.version,
    current: row.version === current.version,
    remark: row.remark,
    createdAt: iso(row.created_at) as string,
    createdByName: row.created_by_name,
    fields: row.fields,
    codeLists: await repo.codeLists(db, dicts),
  }
}

/**
 * The lookups of `checkRecord` for some raw records: the code lists of the fields and the
 * division codes the records name, read once.
 */
export async function lookupsFor(
  db: Db,
  fields: readonly StandardField[],
  raws: readonly Record<string, unknown>[],
): Promise<CheckLookups> {
  const dicts = [...new Set(fields.flatMap((f) => (f.dict ? [f.dict] : [])))]
  const lists = await repo.codeLists(db, dicts)
  const regionFields = fields.filter((f) => f.type === 'region').map((f) => f.name)
  const codes = [...new Set(raws.flatMap((r) => regionFields.map((n) => String(r[n] ?? '').trim()).filter(Boolean)))]
  const regions = await repo.regionLevels(db, codes)
  const sets = new Map(Object.values(lists).map((l) => [l.code, new Set(l.items.map((i) => i.value))]))
  return { codeList: (dict) => sets.get(dict), isRegion: (code) => regions.has(code) }
}

/**
 * Saves the fields as the next version. Refused with 409 when someone saved a version since the
 * editor opened `baseVersion` (their rules would be overwritten unseen), with 400 and every
 * broken rule when a definition is not acceptable.
 */
export async function saveVersion(db: Db, userId: number, body: StandardSaveBody): Promise<{ version: number }> {
  const fields = body.fields.map((f) => tidyField(f as StandardField))
  const known = await repo.codeListCodes(db)
  const issues = validateStandardFields(body.kind, fields, (d) => known.has(d))
  if (issues.length) throw badRequest(`数据标准不合规：${issues.map((i) => i.message).join('；')}`, issues)
  return db.transaction(async (tx) => {
    const current = await repo.currentVersion(tx, body.kind)
    if (current.version !== body.baseVersion) {
      throw conflict(`数据标准已由他人保存为版本 ${current.version}（您基于版本 ${body.baseVersion} 编辑），请刷新后重新修改`)
    }
    const version = current.version + 1
    try {
      await repo.insertVersion(tx, body.kind, version, fields, body.remark, userId)
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`数据标准版本 ${version} 已由他人保存，请刷新后重新修改`)
      throw err
    }
    return { version }
  })
}
