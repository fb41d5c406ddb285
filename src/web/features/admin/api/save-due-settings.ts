/** 修改办理期限 POST /api/workCalendar/settings */
import type { z } from 'zod'
import type { dueSettingsBody } from '../../../../domain/contracts/work-calendar'
import { postSaying } from '../../../core/post-saying'

/** The 公示期 and the 听证申请期限, in working days. */
export const saveDueSettings = (body: z.input<typeof dueSettingsBody>) =>
  postSaying<{ publicityDays: number; hearingDays: number }>('/api/workCalendar/settings', body)
