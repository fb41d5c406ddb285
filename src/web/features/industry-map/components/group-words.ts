/** The words of the group pages for each kind of group: what a member is called and how it is shown. */
import type { GroupKind } from '../../../../domain/contracts/record-group'

/** Labels of a kind's members. */
export interface GroupWords {
  /** 地块 / 企业 */
  noun: string
  /** measure word of a member: 宗 地块, 家 企业 */
  measure: string
  code: string
  name: string
  area: string
  /** parcels: the holder; enterprises: the industry */
  detail: string
  search: string
}

/** Per kind. */
export const GROUP_WORDS: Readonly<Record<GroupKind, GroupWords>> = {
  parcel: {
    noun: '地块',
    measure: '宗',
    code: '宗地代码',
    name: '地块名称',
    area: '面积(亩)',
    detail: '用地单位',
    search: '宗地代码或地块名称',
  },
  enterprise: {
    noun: '企业',
    measure: '家',
    code: '统一社会信用代码',
    name: '企业名称',
    area: '用地面积(亩)',
    detail: '行业',
    search: '信用代码或企业名称',
  },
}
