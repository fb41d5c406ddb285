/**
 * Labelled field schemas shared by the business contracts (整治提升, 盘活, 闲置土地, 全生命周期,
 * 亩均评价): each message names the field in Chinese with its key, as docs/api.md asks, and each
 * refuses what the database would choke on (ids past int4, impossible dates).
 */
import { z } from 'zod'
import { INT4_MAX } from './admin'

/** 年度 year: a whole year between 1980 and 2100 (query strings coerced). */
export const yearField = z.coerce
  .number({ error: '年度 year 应为数字' })
  .int('年度 year 应为整数')
  .min(1980, '年度 year 不能早于1980')
  .max(2100, '年度 year 不能晚于2100')

/** 区划代码 regionCode: a six-digit Zhejiang division code. */
export const zjRegionCode = z
  .string({ error: '区划代码 regionCode 应为文本' })
  .regex(/^33\d{4}$/, '区划代码 regionCode 应为浙江省6位行政区划代码')

/** 关键字 keyword of a list's search box. */
export const keywordField = z.string().trim().max(50, '关键字 keyword 最多50个字').optional()

/** A record id in a JSON body: a positive int4. */
export const idField = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
    .max(INT4_MAX, `${label}不能大于${INT4_MAX}`)

/** A record id in a query string: the same, coerced from text. */
export const queryIdField = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
    .max(INT4_MAX, `${label}不能大于${INT4_MAX}`)

/** A calendar date as YYYY-MM-DD that exists (no 2月30日). */
export const isoDateField = (label: string) =>
  z
    .string({ error: `${label}必填` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}应为 YYYY-MM-DD 格式的日期`)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      `${label}不是有效日期`,
    )

/** Required text, trimmed, at most `max` characters. */
export const textField = (label: string, max: number) =>
  z
    .string({ error: `${label}必填` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多${max}个字`)
