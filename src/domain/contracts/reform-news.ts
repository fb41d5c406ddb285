/**
 * 改革动态 of the /show portal (docs/domain.md "Pages left open by the requirements": the reform's headline
 * figures and notices): the public read on the portal host and the administrator's add / edit.
 */
import { z } from 'zod'
import { idSchema, requiredText } from './admin'
import { MAX_PAGE_SIZE } from './envelope'

/** One news item as the portal shows it. */
export interface ReformNews {
  id: number
  title: string
  /** YYYY-MM-DD */
  publishDate: string
  /** 来源 (the publishing office) */
  source: string
  summary: string
}

/** GET /api/show/news: newest first, paged. */
export const newsListQuery = z.object({
  page: z.coerce.number({ error: '页码 page 应为数字' }).int('页码 page 应为整数').min(1, '页码 page 从1开始').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数 pageSize 应为数字' })
    .int('每页条数 pageSize 应为整数')
    .min(1, '每页条数 pageSize 至少为1')
    .max(MAX_PAGE_SIZE, `每页条数 pageSize 最多${MAX_PAGE_SIZE}`)
    .default(10),
  keyword: z.string().trim().max(50, '关键字 keyword 最多50个字符').optional(),
})

/** A real calendar day, not later than today. */
const publishDate = z
  .string({ error: '发布日期 publishDate 不能为空' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '发布日期 publishDate 格式应为 YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, '发布日期 publishDate 不是有效日期')
  .refine((s) => s <= new Date().toISOString().slice(0, 10), '发布日期 publishDate 不能晚于今天')

/** POST /api/show/news/add */
export const newsAddBody = z.object({
  title: requiredText(120, '标题 title'),
  publishDate,
  source: requiredText(60, '来源 source'),
  summary: requiredText(500, '摘要 summary'),
})
export type NewsAdd = z.infer<typeof newsAddBody>

/** POST /api/show/news/edit */
export const newsEditBody = newsAddBody.extend({ id: idSchema })
