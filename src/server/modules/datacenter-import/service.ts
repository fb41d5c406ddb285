/**
 * Rules of import batches (数据采集 / 数据处理): who sees and works on a batch (its creator, and
 * users whose data scope holds the creator's region), the state machine of import-batch.ts, the
 * jobs that stage and check, and the commit that hands the rows to the audit.
 */
import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type {
  BatchMapping,
  BatchProgress,
  BatchRowView,
  BatchRows,
  BatchView,
  IssueSummary,
  StandardFields,
} from '../../../domain/contracts/datacenter-import'
import type { Page } from '../../../domain/contracts/envelope'
import {
  mappingProblems,
  mappingTargets,
  signatureText,
  suggestMapping,
  type ColumnMapping,
} from '../../../domain/datacenter/column-mapping'
import {
  EDITABLE_STATUSES,
  IMPORT_EXTENSIONS,
  READABLE_STATUSES,
  RULE_LABELS,
  type BatchStatus,
  type DeclaredCrs,
} from '../../../domain/datacenter/import-batch'
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { FileKind } from '../../../domain/files/file-type'
import { regionInScope, scopeCondition, scopeOf, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { Where, type PageArgs } from '../../db/sql'
import { AppError, badRequest, notFound } from '../../http/errors'
import type { FileStore, Incoming } from '../../files/store'
import type { AuthUser } from '../../auth/session'
import { acceptUpload, deleteUpload, dropImportSource } from '../base-file/service'
import * as fileRepo from '../base-file/repo'
import { checkBatch, recheckBatchRules, recheckRows, type CheckContext } from './checks'
import { commitBatch } from './commit'
import { batchesTable, issuesTable, rowsTable, type IssueLine, type XlsxTable } from './export'
import { interruptImport, JobRunner, putBackCheck, STALE_SECONDS, type ClaimedJob } from './jobs'
import { loadLookups, standardInForce } from './lookups'
import * as repo from './repo'
import { SourceError, type SourceReader } from './source/types'
import { openSourceInWorker, ParsePool } from './source/worker-reader'
import { stageRows } from './staging'

/** The header signature of a template: sha-256 of the normalised column names. */
export function headerSignature(headers: readonly string[]): string {
  return crypto.createHash('sha256').update(signatureText(headers)).digest('hex')
}

const statusError = (b: { status: BatchStatus }, wanted: string) => new AppError(422, `批次状态为「${b.status}」，${wanted}`)

/** Filters of the batch list (数据采集 / 数据处理). */
export interface BatchListFilter {
  kind?: string
  status?: string
  keyword?: string
  /** only the user's own batches */
  mine?: boolean
}

/** The batch service of one server. */
export class ImportService {
  readonly runner: JobRunner
  /** parse workers started ahead of the uploads (source/worker-reader.ts) */
  readonly parsers = new ParsePool()

  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    log: FastifyBaseLogger,
    staleSeconds = STALE_SECONDS,
  ) {
    // the embedded engine is this process's alone: a job found there at start was left by a stopped process
    this.runner = new JobRunner(db, log, { staleSeconds, ownsDatabase: db.engine === 'pglite' })
  }

  /**
   * Starts taking over the jobs of stopped processes: at once (on the embedded engine every job
   * found), then on PostgreSQL whenever a job's heartbeat is older than the stale timeout.
   */
  watchJobs(): Promise<number> {
    return this.runner.watch((job) => this.resume(job))
  }

  /** Continues a job this process has just claimed: staging after the rows already in, a check from the start. */
  private async resume(job: ClaimedJob): Promise<void> {
    const owner = this.runner.owner
    const b = await repo.getBatch(this.db, job.id)
    if (!b) return
    if (job.status === '检查中') {
      if (!b.jobScope) return putBackCheck(this.db, b.id, owner)
      return this.startCheck(b.id, b.jobScope)
    }
    const file = await fileRepo.getFile(this.db, b.fileId)
    let reader: SourceReader
    try {
      if (!file) throw new SourceError('批次的源文件已不存在')
      reader = await openSourceInWorker(
        this.store.pathOf(file.sha256),
        file.kind as FileKind,
        b.crsDeclared as DeclaredCrs,
        undefined,
        this.parsers,
      )
    } catch (err) {
      const why = err instanceof SourceError ? err.message : '源文件无法读取'
      return interruptImport(this.db, b.id, owner, `导入被中断（服务重启或进程退出），且无法继续：${why}，请重新上传`)
    }
    const extent = await repo.stagedExtent(this.db, b.id)
    // whole chunks are in, in row order; anything else (never expected) starts over
    if (extent.count !== extent.last) await repo.deleteRows(this.db, b.id)
    this.startStaging(b.id, reader, extent.count === extent.last ? extent.last : 0)
  }

  /** A batch the user may see, else 404 (a batch outside the scope is not revealed). */
  async visible(user: AuthUser, id: number): Promise<repo.BatchRecord> {
    let b = await repo.getBatch(this.db, id)
    const ok =
      b &&
      (user.isAdmin || b.createdById === user.id || (b.regionCode !== null && (await regionInScope(this.db, scopeOf(user), b.regionCode))))
    if (!b || !ok) throw notFound(`批次 ${id} 不存在或不在本账号的数据范围内`)
    // a job this process does not run, silent too long (or any, on the embedded engine): its process
    // stopped; take it over now rather than at the next round
    if (
      (b.status === '导入中' || b.status === '检查中') &&
      !this.runner.isRunning(id) &&
      (this.db.engine === 'pglite' || b.heartbeatAge > this.runner.staleSeconds)
    ) {
      await this.runner.poll(this.db.engine === 'pglite')
      b = (await repo.getBatch(this.db, id)) as repo.BatchRecord
    }
    return b
  }

  private async readable(user: AuthUser, id: number): Promise<repo.BatchRecord> {
    const b = await this.visible(user, id)
    if (!READABLE_STATUSES.includes(b.status))
      throw statusError(b, b.status === '导入中' ? '请等待导入完成' : '没有可查看的数据，请重新导入')
    return b
  }

  private async editable(user: AuthUser, id: number): Promise<repo.BatchRecord> {
    const b = await this.visible(user, id)
    if (!EDITABLE_STATUSES.includes(b.status)) throw statusError(b, '只有「已上传」或「已检查」的批次可以修改')
    return b
  }

  /** Batches the user may see. */
  list(user: AuthUser, f: BatchListFilter, args: PageArgs): Promise<Page<BatchView>> {
    return repo.listBatches(this.db, this.batchesOf(user), this.batchFilter(user, f), args)
  }

  /** 导出批次列表: every batch of the list's filters. */
  listExport(user: AuthUser, f: BatchListFilter): XlsxTable<BatchView> {
    return batchesTable(repo.eachBatch(this.db, () => this.batchesOf(user), this.batchFilter(user, f)))
  }

  /** The batches a user sees: inside their data scope, or their own. */
  private batchesOf(user: AuthUser): Where {
    const params: unknown[] = []
    const cond = scopeCondition(scopeOf(user), 'b', params)
    // the scope condition numbers its own parameter ($1): hand it to the builder as a `?`
    return new Where().add(`(${cond.replace(/\$\d+/, '?')} OR b.created_by = ?)`, ...params, user.id)
  }

  private batchFilter(user: AuthUser, f: BatchListFilter): repo.BatchFilter {
    return { kind: f.kind, status: f.status, keyword: f.keyword, mineOf: f.mine ? user.id : undefined }
  }

  /** Stores an uploaded source file (content-checked) and makes a batch of it. */
  async upload(user: AuthUser, file: Incoming, kind: RecordKind, crs: DeclaredCrs): Promise<BatchView> {
    const stored = await acceptUpload(this.db, this.store, file, user, { purpose: 'import', allowed: IMPORT_EXTENSIONS })
    try {
      return await this.collect(user, stored.id, kind, crs)
    } catch (err) {
      // a file that cannot be read as a source is not kept: nothing written for bad input
      await deleteUpload(this.db, this.store, user, stored.id).catch(() => undefined)
      throw err
    }
  }

  /** Makes a batch of a stored file: reads its columns now (a bad file answers at once), its rows in a job. */
  async collect(user: AuthUser, fileId: number, kind: RecordKind, crs: DeclaredCrs): Promise<BatchView> {
    const file = await fileRepo.getFile(this.db, fileId)
    if (!file || (!user.isAdmin && file.uploaderId !== user.id)) throw notFound(`文件 ${fileId} 不存在，或不是本账号上传的`)
    const path = this.store.pathOf(file.sha256)
    const reader = await this.open(path, file.kind, crs)
    try {
      const signature = headerSignature(reader.headers)
      const remembered = await repo.templateMapping(this.db, kind, signature)
      const standard = await standardInForce(this.db, kind)
      const mapping = remembered ?? suggestMapping(reader.headers, mappingTargets(kind, standard.fields))
      const chain = user.regionCode ? await this.chainOf(user.regionCode) : { province: null, city: null, county: null, town: null }
      const id = await repo.insertBatch(this.db, {
        kind,
        fileId,
        name: file.name,
        format: reader.format,
        crsDeclared: crs,
        sourceCrs: reader.crs,
        headers: reader.headers,
        mapping,
        mappingSource: remembered ? 'template' : 'auto',
        userId: user.id,
        regionCode: user.regionCode,
        chain,
        owner: this.runner.owner,
      })
      this.startStaging(id, reader)
      return repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord)
    } catch (err) {
      await reader.close()
      throw err
    }
  }

  /** Reads a failed or interrupted batch again from its stored file. */
  async reimport(user: AuthUser, id: number): Promise<BatchView> {
    const b = await this.visible(user, id)
    if (b.status !== '导入失败' && b.status !== '已中断') throw statusError(b, '只有「导入失败」或「已中断」的批次可以重新导入')
    const file = await fileRepo.getFile(this.db, b.fileId)
    if (!file) throw notFound('批次的源文件已不存在')
    const reader = await this.open(this.store.pathOf(file.sha256), file.kind, b.crsDeclared as DeclaredCrs)
    await repo.deleteRows(this.db, id)
    if (
      !(await repo.moveStatus(this.db, id, [b.status], '导入中', {
        progress: 0,
        phase: '排队等待读取',
        message: '',
        row_count: 0,
        headers: JSON.stringify(reader.headers),
        claimed_by: this.runner.owner,
      }))
    ) {
      await reader.close()
      throw new AppError(409, '批次已被他人处理，请刷新')
    }
    this.startStaging(id, reader)
    return repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord)
  }

  /**
   * Opens a stored file as a source, parsed in a worker thread (source/worker-reader.ts); a source
   * refused there answers 400/413/422 naming the file field.
   */
  private async open(path: string, kind: string, crs: DeclaredCrs): Promise<SourceReader> {
    try {
      return await openSourceInWorker(path, kind as FileKind, crs, undefined, this.parsers)
    } catch (err) {
      if (err instanceof SourceError) throw new AppError(err.status, err.message, [{ field: 'file', message: err.message }])
      throw err
    }
  }

  private async chainOf(
    code: string,
  ): Promise<{ province: string | null; city: string | null; county: string | null; town: string | null }> {
    const r = await this.db.query<{ code: string; level: string }>(
      `WITH RECURSIVE up AS (SELECT code, level, parent_code FROM region WHERE code = $1
         UNION ALL SELECT r.code, r.level, r.parent_code FROM region r JOIN up ON r.code = up.parent_code) SELECT code, level FROM up`,
      [code],
    )
    const at = (level: string) => r.rows.find((x) => x.level === level)?.code ?? null
    return { province: at('province'), city: at('city'), county: at('county'), town: at('town') }
  }

  private startStaging(id: number, reader: SourceReader, after = 0): void {
    const owner = this.runner.owner
    this.runner.start(
      id,
      async (r) => stageRows(this.db, (await repo.getBatch(this.db, id)) as repo.BatchRecord, reader, r, after),
      async (err) => {
        await reader.close().catch(() => undefined)
        const message = err instanceof SourceError ? err.message : '读取文件时发生错误，未导入任何数据，请检查文件后重新导入'
        await this.db.transaction(async (tx) => {
          if (
            await repo.moveStatus(
              tx,
              id,
              ['导入中'],
              '导入失败',
              { progress: 0, phase: '', message, row_count: 0, claimed_by: null },
              owner,
            )
          )
            await repo.deleteRows(tx, id)
        })
      },
    )
  }

  /** What the progress bar polls. */
  async progress(user: AuthUser, id: number): Promise<BatchProgress> {
    await this.visible(user, id)
    return (await repo.progressOf(this.db, id)) as BatchProgress
  }

  /** A page of rows with the columns and mapping. */
  async rows(user: AuthUser, id: number, f: { level?: string; field?: string; rule?: string }, args: PageArgs): Promise<BatchRows> {
    const b = await this.readable(user, id)
    return { headers: b.headers, mapping: b.mapping, rows: await repo.rowsPage(this.db, id, f, args) }
  }

  /** 导出数据行: the rows of the filter with every field of the standard in force and their check result. */
  async rowsExport(user: AuthUser, id: number, f: repo.RowFilter): Promise<XlsxTable<BatchRowView>> {
    const b = await this.readable(user, id)
    const standard = await standardInForce(this.db, b.kind)
    return rowsTable(b, standard.fields, repo.eachRow(this.db, id, f))
  }

  /** 导出问题清单: one line per issue of the rows of the filter (of its field or rule only, when given). */
  async issuesExport(user: AuthUser, id: number, f: repo.RowFilter): Promise<XlsxTable<IssueLine>> {
    const b = await this.readable(user, id)
    const standard = await standardInForce(this.db, b.kind)
    return issuesTable(b, standard.fields, repo.eachRow(this.db, id, f), f)
  }

  /** The shapes of a batch for the map (at most 20 000). */
  async shapes(user: AuthUser, id: number) {
    await this.readable(user, id)
    const s = await repo.shapes(this.db, id, 'name', 20_000)
    return { type: 'FeatureCollection' as const, features: s.features, bbox: s.bbox, total: s.total }
  }

  /** The mapping of a batch, the suggestion, the targets and a few sample rows. */
  async mapping(user: AuthUser, id: number): Promise<BatchMapping> {
    const b = await this.readable(user, id)
    const standard = await standardInForce(this.db, b.kind)
    const targets = mappingTargets(b.kind, standard.fields)
    return {
      headers: b.headers,
      mapping: b.mapping,
      source: b.mappingSource,
      suggested: suggestMapping(b.headers, targets),
      targets,
      samples: await repo.sampleSources(this.db, id, 5),
    }
  }

  /** Saves a batch's mapping and remembers it for its template; checks must run again. */
  async saveMapping(user: AuthUser, id: number, mapping: ColumnMapping): Promise<BatchView> {
    const b = await this.editable(user, id)
    const standard = await standardInForce(this.db, b.kind)
    const problems = mappingProblems(mapping, b.headers, mappingTargets(b.kind, standard.fields))
    if (problems.length)
      throw badRequest(
        problems.join('；'),
        problems.map((message) => ({ field: 'mapping', message })),
      )
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE dc_import_row SET level = '', issues = '[]', record = NULL, action = NULL, target_id = NULL, link = NULL WHERE batch_id = $1`,
        [id],
      )
      const moved = await repo.moveStatus(tx, id, [b.status], '已上传', {
        mapping: JSON.stringify(mapping),
        mapping_source: 'saved',
        message: '',
        error_rows: 0,
        warning_rows: 0,
        checked_at: null,
      })
      if (!moved) throw new AppError(409, '批次已被他人处理，请刷新')
      await repo.saveTemplate(tx, b.kind, headerSignature(b.headers), b.headers, mapping, user.id)
    })
    return repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord)
  }

  /** The xlsx template of the standard in force. */
  async template(kind: RecordKind): Promise<{ bytes: Buffer; name: string }> {
    const standard = await standardInForce(this.db, kind)
    const { templateWorkbook } = await import('./template')
    return {
      bytes: await templateWorkbook(this.db, standard),
      name: `${kind === 'parcel' ? '地块' : '企业'}导入模板（标准第${standard.version}版）.xlsx`,
    }
  }

  /** The standard in force with the code lists its fields use (the fix form). */
  async fields(kind: RecordKind): Promise<StandardFields> {
    const lookups = await loadLookups(this.db, kind)
    const dicts = [...new Set(lookups.standard.fields.flatMap((f) => (f.dict ? [f.dict] : [])))]
    return {
      kind,
      version: lookups.standard.version,
      fields: lookups.standard.fields,
      codeLists: Object.fromEntries(dicts.map((d) => [d, lookups.items(d)])),
    }
  }

  /** Starts the checks of a batch as a job. */
  async check(user: AuthUser, id: number): Promise<BatchView> {
    const b = await this.editable(user, id)
    const scope = scopeOf(user)
    const moved = await repo.moveStatus(this.db, id, [b.status], '检查中', {
      progress: 0,
      phase: '排队等待检查',
      message: '',
      claimed_by: this.runner.owner,
      job_scope: JSON.stringify(scope),
    })
    if (!moved) throw new AppError(409, '批次已被他人处理，请刷新')
    this.startCheck(id, scope)
    return repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord)
  }

  /** Runs the checks of a batch this process holds, in the scope of the user who started them. */
  private startCheck(id: number, scope: DataScope): void {
    const owner = this.runner.owner
    this.runner.start(
      id,
      async (r) => {
        const batch = (await repo.getBatch(this.db, id)) as repo.BatchRecord
        const lookups = await loadLookups(this.db, batch.kind)
        await checkBatch({ db: this.db, batch, lookups, scope }, r)
        if (r.stopping) return
        await repo.moveStatus(
          this.db,
          id,
          ['检查中'],
          '已检查',
          { progress: 100, phase: '', checked_at: new Date(), standard_version: lookups.standard.version, claimed_by: null },
          owner,
        )
      },
      async () => {
        await this.db.transaction(async (tx) => {
          const moved = await repo.moveStatus(
            tx,
            id,
            ['检查中'],
            '已上传',
            { progress: 0, phase: '', message: '检查时发生错误，请重新检查', error_rows: 0, warning_rows: 0, claimed_by: null },
            owner,
          )
          if (moved) await tx.query(`UPDATE dc_import_row SET level = '', issues = '[]', record = NULL WHERE batch_id = $1`, [id])
        })
      },
    )
  }

  /** Counts of issues by level, rule and field. */
  async summary(user: AuthUser, id: number): Promise<IssueSummary> {
    const b = await this.readable(user, id)
    const levels = await this.db.query<{ level: string; n: number }>(
      `SELECT CASE WHEN excluded THEN '已排除' WHEN level = '' THEN '未检查' ELSE level END AS level, count(*)::int AS n FROM dc_import_row WHERE batch_id = $1 GROUP BY 1`,
      [id],
    )
    const rules = await this.db.query<{ rule: string; level: 'error' | 'warning'; n: number }>(
      `SELECT i->>'rule' AS rule, i->>'level' AS level, count(DISTINCT r.row_no)::int AS n
       FROM dc_import_row r, jsonb_array_elements(r.issues) i WHERE r.batch_id = $1 AND NOT r.excluded GROUP BY 1, 2 ORDER BY 2, 3 DESC`,
      [id],
    )
    const fieldRows = await this.db.query<{ field: string; n: number }>(
      `SELECT i->>'field' AS field, count(DISTINCT r.row_no)::int AS n
       FROM dc_import_row r, jsonb_array_elements(r.issues) i WHERE r.batch_id = $1 AND NOT r.excluded AND i->>'level' = 'error' GROUP BY 1 ORDER BY 2 DESC`,
      [id],
    )
    const standard = await standardInForce(this.db, b.kind)
    const label = (f: string) => standard.fields.find((x) => x.name === f)?.label ?? f
    const counts = { 正常: 0, 警告: 0, 错误: 0, 未检查: 0, 已排除: 0 }
    for (const l of levels.rows) counts[l.level as keyof typeof counts] = l.n
    return {
      levels: counts,
      byRule: rules.rows.map((r) => ({ rule: r.rule, level: r.level, label: RULE_LABELS[r.rule] ?? r.rule, rows: r.n })),
      byField: fieldRows.rows.map((r) => ({ field: r.field, label: label(r.field), rows: r.n })),
    }
  }

  private async context(user: AuthUser, b: repo.BatchRecord): Promise<CheckContext> {
    return { db: this.db, batch: b, lookups: await loadLookups(this.db, b.kind), scope: scopeOf(user) }
  }

  /** Fixes fields of a row; a checked batch re-checks the row at once. */
  async fix(user: AuthUser, id: number, rowNo: number, values: Record<string, string | number | null>) {
    const b = await this.editable(user, id)
    const row = await repo.getRow(this.db, id, rowNo)
    if (!row) throw notFound(`批次 ${id} 没有第 ${rowNo} 行`)
    const ctx = await this.context(user, b)
    const editable = new Map(ctx.lookups.standard.fields.filter((f) => f.type !== 'geometry').map((f) => [f.name, f]))
    editable.set('__owner_name', { name: '__owner_name', label: '用地单位名称', type: 'string', required: false })
    const unknown = Object.keys(values).filter((k) => !editable.has(k))
    if (unknown.length)
      throw badRequest(
        `不能修改的字段：${unknown.join('、')}`,
        unknown.map((field) => ({ field, message: '不是数据标准中可修改的字段' })),
      )
    if (Object.keys(values).length === 0) throw badRequest('没有要修改的字段')
    await this.db.query('UPDATE dc_import_row SET overrides = overrides || $3::jsonb WHERE batch_id = $1 AND row_no = $2', [
      id,
      rowNo,
      JSON.stringify(values),
    ])
    if (b.status === '已检查') await recheckRows(ctx, [rowNo])
    return repo.getRow(this.db, id, rowNo)
  }

  /** Repairs an invalid shape of a shapefile / GeoJSON row with ST_MakeValid and re-checks it. */
  async repairGeometry(user: AuthUser, id: number, rowNo: number) {
    const b = await this.editable(user, id)
    if (b.format !== 'shapefile' && b.format !== 'geojson') throw new AppError(422, '表格来源的图形请在源文件中修改后重新导入')
    const dims = b.kind === 'parcel' ? 3 : 1
    const r = await this.db.query(
      `UPDATE dc_import_row SET geom = ST_Multi(ST_CollectionExtract(ST_MakeValid(geom), ${dims}))
       WHERE batch_id = $1 AND row_no = $2 AND geom IS NOT NULL AND NOT ST_IsValid(geom)`,
      [id, rowNo],
    )
    if (r.affectedRows === 0) throw new AppError(422, `第 ${rowNo} 行没有需要修复的图形`)
    if (b.status === '已检查') await recheckRows(await this.context(user, b), [rowNo])
    return repo.getRow(this.db, id, rowNo)
  }

  /** Leaves rows out of the commit (or takes them back). */
  async exclude(user: AuthUser, id: number, body: { rowNos?: number[]; errors?: boolean; excluded: boolean }): Promise<BatchView> {
    const b = await this.editable(user, id)
    if (!body.rowNos?.length && !body.errors) throw badRequest('请选择要排除的行', [{ field: 'rowNos', message: '请选择要排除的行' }])
    if (body.errors && b.status !== '已检查') throw statusError(b, '请先运行检查，再排除有错误的行')
    await this.db.query(
      `UPDATE dc_import_row SET excluded = $2 WHERE batch_id = $1 AND (row_no = ANY($3::int[]) OR ($4::boolean AND level = '错误'))`,
      [id, body.excluded, body.rowNos ?? [], body.errors === true],
    )
    if (b.status === '已检查') await recheckBatchRules(await this.context(user, b))
    else await repo.recount(this.db, id)
    return repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord)
  }

  /** 退回 with the reason: the batch ends, its creator reads why. */
  async back(user: AuthUser, id: number, reason: string): Promise<BatchView> {
    const b = await this.visible(user, id)
    if (!(await repo.moveStatus(this.db, id, ['已上传', '已检查'], '已退回', { message: reason, returned_by: user.id })))
      throw statusError(b, '只有「已上传」或「已检查」的批次可以退回')
    return repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord)
  }

  /** Commits a checked batch to the audit (all or nothing). */
  async commit(user: AuthUser, id: number): Promise<{ batch: BatchView; submitted: number }> {
    const b = await this.visible(user, id)
    if (b.status !== '已检查') throw statusError(b, '只有「已检查」的批次可以提交')
    const lookups = await loadLookups(this.db, b.kind)
    if (b.standardVersion !== lookups.standard.version)
      throw new AppError(422, `数据标准已更新为第 ${lookups.standard.version} 版，请重新检查后再提交`)
    const submitted = await commitBatch(this.db, b, lookups, scopeOf(user), user.id)
    return { batch: repo.batchView((await repo.getBatch(this.db, id)) as repo.BatchRecord), submitted }
  }

  /**
   * Deletes a batch that was not committed, its staged rows with it, and the file uploaded for it
   * (unless another batch reads it or it came from the file library): nothing is left orphaned.
   */
  async remove(user: AuthUser, id: number): Promise<repo.BatchRecord> {
    const b = await this.visible(user, id)
    if (b.status === '已提交') throw statusError(b, '已提交的批次不能删除')
    if (this.runner.isRunning(id)) throw statusError(b, '请等待导入或检查结束后再删除')
    const gone = await this.db.query('DELETE FROM dc_import_batch WHERE id = $1 AND status <> $2', [id, '已提交'])
    if (gone.affectedRows) await dropImportSource(this.db, this.store, b.fileId)
    return b
  }
}
