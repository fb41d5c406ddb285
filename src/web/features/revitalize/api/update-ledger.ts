/** 低效用地认定 / 复核剔除 POST /api/landInefficient/updateDxyd */
import type { LedgerActionBody } from '../../../../domain/contracts/revitalize'
import { postSaying } from '../../../core/post-saying'

/** Confirms flagged results into the 台账 (the parcel status goes to audit) or withdraws them with a reason. */
export const updateLedger = (body: LedgerActionBody) =>
  postSaying<{ done: number; submissions: number }>('/api/landInefficient/updateDxyd', body)
