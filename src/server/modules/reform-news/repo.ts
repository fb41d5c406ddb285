/** SQL of 改革动态 (table reform_news, migration 0081). */
import type { Db } from '../../db/engine'
import type { NewsAdd, ReformNews } from '../../../domain/contracts/reform-news'

const COLUMNS = `id, title, to_char(publish_date, 'YYYY-MM-DD') AS "publishDate", source, summary`

/** A page of news, newest first; `keyword` matches title or summary. */
export async function listNews(db: Db, page: number, pageSize: number, keyword?: string): Promise<{ list: ReformNews[]; total: number }> {
  const where = keyword ? `AND (title ILIKE $1 OR summary ILIKE $1)` : ''
  const params: unknown[] = keyword ? [`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : []
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reform_news WHERE NOT deleted ${where}`, params)
  const rows = await db.query<ReformNews>(
    `SELECT ${COLUMNS} FROM reform_news WHERE NOT deleted ${where}
     ORDER BY publish_date DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  )
  return { list: rows.rows, total: total.rows[0].n }
}

/** One item, or null when absent or deleted. */
export async function getNews(db: Db, id: number): Promise<ReformNews | null> {
  const r = await db.query<ReformNews>(`SELECT ${COLUMNS} FROM reform_news WHERE id = $1 AND NOT deleted`, [id])
  return r.rows[0] ?? null
}

/** Inserts an item; returns its id. */
export async function insertNews(db: Db, n: NewsAdd, by: string): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO reform_news(title, publish_date, source, summary, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [n.title, n.publishDate, n.source, n.summary, by],
  )
  return r.rows[0].id
}

/** Rewrites an item; false when it does not exist. */
export async function updateNews(db: Db, id: number, n: NewsAdd): Promise<boolean> {
  const r = await db.query(
    'UPDATE reform_news SET title = $2, publish_date = $3, source = $4, summary = $5, updated_at = now() WHERE id = $1 AND NOT deleted',
    [id, n.title, n.publishDate, n.source, n.summary],
  )
  return r.affectedRows > 0
}
