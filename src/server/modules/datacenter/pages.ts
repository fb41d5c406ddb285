/**
 * Which menu grants open the data-centre endpoints (docs/product.md §6: an endpoint is allowed when the user
 * holds a page that uses it). The screens exist at /system, /systems and /warehouse (docs/product.md §2);
 * reads are open from every entry point, writes only from /system and /systems: /warehouse is
 * the read-only view (README: 审核员 — 审核、数据中心（只读）, granted /warehouse/data/center).
 */
import type { RecordKind } from '../../../domain/datacenter/standard'
import { ROUTES } from '../../../domain/route-table'

/** The routes of a data-centre leaf (sjgf, input …) or an audit leaf (audit/gyyd …) at the given entry points. */
function pagesOf(leaves: readonly string[], entries: readonly ('system' | 'systems' | 'warehouse')[]): string[] {
  return ROUTES.filter((r) =>
    entries.some((e) => leaves.some((leaf) => r.path === `/${e}/${leaf.startsWith('audit/') ? leaf : `data/center/${leaf}`}`)),
  ).map((r) => r.path)
}

const EDIT_ENTRIES = ['system', 'systems'] as const
const ALL_ENTRIES = ['system', 'systems', 'warehouse'] as const
const DC_LEAVES = ['sjgf', 'sjcj', 'sjcl', 'input', 'gyydInput', 'yddwInput', 'foundGyyd', 'foundYddw'] as const
const AUDIT_LEAVES = ['audit/gyyd', 'audit/yddw'] as const

/** Any data-centre or audit page, at any entry point: reading records, history, standards. */
export const READ_PAGES = pagesOf([...DC_LEAVES, ...AUDIT_LEAVES], ALL_ENTRIES)

/** 数据标准: saving a new version. */
export const STANDARD_EDIT_PAGES = pagesOf(['sjgf'], EDIT_ENTRIES)

/** The pages that edit one kind of record (地块: 地块更新 and 工业用地录入; 企业: 用地单位录入). */
export const INPUT_PAGES: Readonly<Record<RecordKind, string[]>> = {
  parcel: pagesOf(['input', 'gyydInput'], EDIT_ENTRIES),
  enterprise: pagesOf(['yddwInput'], EDIT_ENTRIES),
}

/** Every editing page of either kind (own drafts, my submissions). */
export const ANY_INPUT_PAGES = [...INPUT_PAGES.parcel, ...INPUT_PAGES.enterprise]

/** 认领 of one kind. */
export const CLAIM_PAGES: Readonly<Record<RecordKind, string[]>> = {
  parcel: pagesOf(['foundGyyd'], EDIT_ENTRIES),
  enterprise: pagesOf(['foundYddw'], EDIT_ENTRIES),
}

/** Reading the records that wait for 认领, at any entry point. */
export const FOUND_READ_PAGES = pagesOf(['foundGyyd', 'foundYddw'], ALL_ENTRIES)

/** 审核 of one kind. */
export const AUDIT_PAGES: Readonly<Record<RecordKind, string[]>> = {
  parcel: pagesOf(['audit/gyyd'], EDIT_ENTRIES),
  enterprise: pagesOf(['audit/yddw'], EDIT_ENTRIES),
}

/** Either audit page. */
export const ANY_AUDIT_PAGES = [...AUDIT_PAGES.parcel, ...AUDIT_PAGES.enterprise]
