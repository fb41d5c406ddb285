/**
 * 工作日历 /api/workCalendar/* (系统设置, issue 28): administrators keep the holidays and 调休 days of
 * each year after the 国务院办公厅 notice, and the 公示期 and 听证 deadline in working days. Every
 * signed-in page that counts a deadline reads it; only the 工作日历 page changes it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES } from '../../../domain/contracts/admin'
import { GRANTED_PAGES } from '../../../domain/contracts/page-grants'
import {
  calendarDeleteBody,
  calendarListQuery,
  calendarSaveBody,
  dueSettingsBody,
  type CalendarDay,
  type CalendarYear,
} from '../../../domain/contracts/work-calendar'
import { workingDaysBetween } from '../../../domain/work-calendar'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { notFound } from '../../http/errors'
import { productToday } from '../../clock'
import { calendarMarks, dueProcessSettings } from '../../common/work-calendar'

const PAGES = [ADMIN_PAGES.calendar]
const log = (action: string) => ({ module: 'calendar', action })

export const workCalendarRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the forms that count a deadline (公示, 听证告知) show the calendar's answer before they are sent
    app.get('/api/workCalendar/list', { config: { pages: GRANTED_PAGES }, schema: { querystring: calendarListQuery } }, async (req) => {
      const { year } = req.query
      const r = await db.query<{ day: string; mark: '休' | '班'; name: string; updated_by: string }>(
        `SELECT day, mark, name, updated_by FROM work_calendar WHERE day BETWEEN $1 AND $2 ORDER BY day`,
        [`${year}-01-01`, `${year}-12-31`],
      )
      const settings = await dueProcessSettings(db)
      const answer: CalendarYear = {
        year,
        days: r.rows.map((x): CalendarDay => ({ day: x.day, mark: x.mark, name: x.name, updatedBy: x.updated_by })),
        workingDays: workingDaysBetween(`${year}-01-01`, `${year}-12-31`, await calendarMarks(db, `${year}-01-01`, `${year}-12-31`)),
        ...settings,
        today: productToday(),
      }
      return ok(answer)
    })

    app.post(
      '/api/workCalendar/save',
      { config: { pages: PAGES, log: log('保存节假日') }, schema: { body: calendarSaveBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `${f.day} ${f.mark} ${f.name}`
        await db.query(
          `INSERT INTO work_calendar(day, mark, name, updated_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (day) DO UPDATE SET mark = EXCLUDED.mark, name = EXCLUDED.name, updated_by = EXCLUDED.updated_by, updated_at = now()`,
          [f.day, f.mark, f.name, currentUser(req).realName],
        )
        return ok(null, `已将 ${f.day} 设为${f.mark === '休' ? '节假日' : '调休上班日'}（${f.name}）`)
      },
    )

    app.post(
      '/api/workCalendar/delete',
      { config: { pages: PAGES, log: log('删除节假日') }, schema: { body: calendarDeleteBody } },
      async (req) => {
        req.logTarget = req.body.day
        const r = await db.query('DELETE FROM work_calendar WHERE day = $1', [req.body.day])
        if (r.affectedRows === 0) throw notFound(`${req.body.day} 不在工作日历中`)
        return ok(null, `已删除 ${req.body.day}，该日按星期计算是否工作日`)
      },
    )

    app.post(
      '/api/workCalendar/settings',
      { config: { pages: PAGES, log: log('修改办理期限') }, schema: { body: dueSettingsBody } },
      async (req) => {
        const f = req.body
        req.logTarget = `公示期 ${f.publicityDays} 个工作日，听证申请期限 ${f.hearingDays} 个工作日`
        const who = currentUser(req).realName
        await db.transaction(async (tx) => {
          for (const [key, value] of [
            ['publicity_days', f.publicityDays],
            ['hearing_days', f.hearingDays],
          ] as const)
            await tx.query(`UPDATE due_process_setting SET value = $2, updated_by = $3, updated_at = now() WHERE key = $1`, [
              key,
              value,
              who,
            ])
        })
        return ok(await dueProcessSettings(db), '已保存办理期限')
      },
    )
  }
